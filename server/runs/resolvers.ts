import { sourceSpec } from '@/catalogue/connector-specs';
import { withChoice } from '@/service-rules/resolver-choice';
import { isoOrNull, type WireResolver, type WireResolverList } from '@/service-rules/wire';
import type { SourceRow } from '../store/sources';

// A source's resolvers as the resolvers answer lists them and as a run reads them to know what to load:
// the spec's static ones, the ones the last discovery found, each on or off as the user chose.

const RESOURCE_PROPERTIES: WireResolver['propertyDefinitions'] = [
  { name: 'primary_key', displayName: 'Primary key', type: 'STRING', required: false, description: 'Columns that identify a row, comma separated.' },
  { name: 'incremental', displayName: 'Load incrementally', type: 'BOOLEAN', required: false, description: 'Only rows changed since the last run.' },
];

/** The names a source's resolvers can have after a discovery that found `discovered`: choices of other names go. */
export function resolverNames(spec: string, discovered: readonly { name: string }[]): string[] {
  return [...(sourceSpec(spec)?.staticResolvers ?? []), ...discovered.map((resource) => resource.name)];
}

/** Static resolvers come from the spec; dynamic ones from the last discovery. */
export function resolverListOf(source: SourceRow): WireResolverList & { resolvers: WireResolver[] } {
  const spec = sourceSpec(source.spec);
  const discovered = new Set(source.discovered.map((resource) => resource.name));
  const statics: WireResolver[] = (spec?.staticResolvers ?? [])
    .filter((name) => !discovered.has(name))
    .map((name) => ({
      name,
      notes: `Defined by the ${spec?.displayName ?? source.spec} spec.`,
      type: 'static',
      category: source.spec,
      suppressed: false,
      maskedByDefault: false,
      propertyDefinitions: RESOURCE_PROPERTIES,
      columns: [],
      primaryKey: null,
      cursorCandidates: [],
    }));
  const dynamics: WireResolver[] = source.discovered.map((resource) => ({
    name: resource.name,
    notes: resource.notes,
    type: 'dynamic',
    category: resource.category,
    suppressed: resource.suppressed,
    maskedByDefault: resource.maskedByDefault,
    propertyDefinitions: RESOURCE_PROPERTIES,
    columns: resource.columns ?? [],
    primaryKey: resource.primaryKey ?? null,
    cursorCandidates: resource.cursorCandidates ?? [],
  }));
  return {
    resolvers: withChoice([...statics, ...dynamics], source.resolver_choice),
    discoveryStatus: {
      status: source.discovery_status,
      timestamp: isoOrNull(source.discovery_at),
      error: source.discovery_error,
      resolverCount: statics.length + dynamics.length,
      discoveredAt: isoOrNull(source.discovered_at),
    },
    discoveryRequired: source.discovery_status === 'required' || source.discovery_status === 'failed',
  };
}
