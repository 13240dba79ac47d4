import { destinationSpec, sourceSpec } from '@/catalogue/connector-specs';
import type { Profile } from '../profile';
import { publicProperties } from '../properties';
import type { ConfiguredRow } from '../store/configured';
import {
  destinationSpecFull,
  destinationSpecSummary,
  iso,
  sourceSpecFull,
  sourceSpecSummary,
  type WireDestination,
  type WirePropertyDefinition,
  type WireSource,
} from '@/service-rules/wire';

// Sources and destinations on the wire: the same fields, with the spec nested in its full form (its
// summary form in lists), or only its name when the catalogue no longer has it.

export type SpecForm = 'full' | 'summary';

function specIn<S, F, M>(name: string, spec: S | undefined, form: SpecForm, full: (spec: S) => F, summary: (spec: S) => M): string | F | M {
  if (!spec) return name;
  return form === 'full' ? full(spec) : summary(spec);
}

/** The hosted profile's specs: without Flowdeck's property `default`s. */
function inProfile<S extends { propertyDefinitions?: WirePropertyDefinition[] | null | undefined }>(spec: S, profile: Profile): S {
  if (profile !== 'hosted' || !spec.propertyDefinitions) return spec;
  const withoutDefault = (definition: WirePropertyDefinition) => {
    const copy = { ...definition };
    Reflect.deleteProperty(copy, 'default');
    return copy;
  };
  return { ...spec, propertyDefinitions: spec.propertyDefinitions.map(withoutDefault) };
}

const stamps = (row: ConfiguredRow) => ({ properties: publicProperties(row.properties), createdAt: iso(row.created_at), updatedAt: iso(row.updated_at) });

export function wireSource(row: ConfiguredRow, form: SpecForm = 'full', profile: Profile = 'flowdeck'): WireSource {
  const spec = specIn(row.spec, sourceSpec(row.spec), form, (full) => inProfile(sourceSpecFull(full), profile), sourceSpecSummary);
  return { id: row.id, displayName: row.display_name, sourceSpec: spec, ...stamps(row) };
}

export function wireDestination(row: ConfiguredRow, form: SpecForm = 'full', profile: Profile = 'flowdeck'): WireDestination {
  const spec = specIn(row.spec, destinationSpec(row.spec), form, (full) => inProfile(destinationSpecFull(full), profile), destinationSpecSummary);
  return { id: row.id, displayName: row.display_name, destinationSpec: spec, ...stamps(row) };
}
