import { sourceSpec } from '@/catalogue/connector-specs';
import type { SourceRow } from '../store/sources';
import { isoOrNull, type WireResolver, type WireResolverList } from '@/service-rules/wire';

const RESOURCE_PROPERTIES: WireResolver['propertyDefinitions'] = [
  { name: 'primary_key', displayName: 'Primary key', type: 'STRING', required: false, description: 'Columns that identify a row, comma separated.' },
  { name: 'incremental', displayName: 'Load incrementally', type: 'BOOLEAN', required: false, description: 'Only rows changed since the last run.' },
];

/** Static resolvers come from the spec; dynamic ones from the last discovery. */
export function wireResolverList(source: SourceRow): WireResolverList {
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
    }));
  const dynamics: WireResolver[] = source.discovered.map((resource) => ({
    name: resource.name,
    notes: resource.notes,
    type: 'dynamic',
    category: resource.category,
    suppressed: resource.suppressed,
    maskedByDefault: resource.maskedByDefault,
    propertyDefinitions: RESOURCE_PROPERTIES,
  }));
  return {
    resolvers: [...statics, ...dynamics],
    discoveryStatus: {
      status: source.discovery_status,
      timestamp: isoOrNull(source.discovery_at),
      error: source.discovery_error,
      resolverCount: statics.length + dynamics.length,
    },
    discoveryRequired: source.discovery_status === 'required' || source.discovery_status === 'failed',
  };
}
