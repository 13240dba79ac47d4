import { destinationSpec, sourceSpec } from '@/catalogue/connector-specs';
import { publicProperties } from '../properties';
import type { ConfiguredRow } from '../store/configured';
import {
  destinationSpecFull,
  destinationSpecSummary,
  iso,
  sourceSpecFull,
  sourceSpecSummary,
  type WireDestination,
  type WireSource,
} from '@/service-rules/wire';

// Sources and destinations on the wire: the same fields, with the spec nested in its full form (its
// summary form in lists), or only its name when the catalogue no longer has it.

export type SpecForm = 'full' | 'summary';

function specIn<S, F, M>(name: string, spec: S | undefined, form: SpecForm, full: (spec: S) => F, summary: (spec: S) => M): string | F | M {
  if (!spec) return name;
  return form === 'full' ? full(spec) : summary(spec);
}

const stamps = (row: ConfiguredRow) => ({ properties: publicProperties(row.properties), createdAt: iso(row.created_at), updatedAt: iso(row.updated_at) });

export function wireSource(row: ConfiguredRow, form: SpecForm = 'full'): WireSource {
  const spec = specIn(row.spec, sourceSpec(row.spec), form, sourceSpecFull, sourceSpecSummary);
  return { id: row.id, displayName: row.display_name, sourceSpec: spec, ...stamps(row) };
}

export function wireDestination(row: ConfiguredRow, form: SpecForm = 'full'): WireDestination {
  const spec = specIn(row.spec, destinationSpec(row.spec), form, destinationSpecFull, destinationSpecSummary);
  return { id: row.id, displayName: row.display_name, destinationSpec: spec, ...stamps(row) };
}
