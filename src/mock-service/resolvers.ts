import { withChoice } from '@/service-rules/resolver-choice';
import { isoOrNull, type WireResolver, type WireResolverList } from '@/service-rules/wire';
import { discoveredAt } from './discovery';
import type { SourceRecord, SourceSpecRecord } from './records';
import { isMaskedByDefault, isSuppressedResource } from './rules';
import { discoveredFacts } from './table-facts';

// Static resolvers come from the spec; dynamic ones appear once discovery has finished, which is
// computed from the clock like run progress.

function staticResolver(name: string, spec: SourceSpecRecord): WireResolver {
  return {
    name,
    notes: `Defined by the ${spec.displayName} spec.`,
    type: 'static',
    category: spec.name,
    suppressed: false,
    maskedByDefault: false,
    propertyDefinitions: [{ name: 'filter', displayName: 'Filter', type: 'STRING', required: false, description: 'Only matching items are moved.' }],
    ...discoveredFacts(spec.name, name),
  };
}

/** A resource discovery found, with its columns, its key and the columns that can serve as a cursor. */
function dynamicResolver(spec: string, name: string): WireResolver {
  const masked = isMaskedByDefault(name);
  return {
    name,
    notes: masked ? 'Looks like personal data: masked unless unmasked explicitly.' : null,
    type: 'dynamic',
    category: 'table',
    suppressed: isSuppressedResource(name),
    maskedByDefault: masked,
    propertyDefinitions: [
      { name: 'primary_key', displayName: 'Primary key', type: 'STRING', required: false, description: null },
      { name: 'incremental', displayName: 'Load incrementally', type: 'BOOLEAN', required: false, description: null },
    ],
    ...discoveredFacts(spec, name),
  };
}

/** The resolvers, each on or off as the user chose; while discovery runs, only the static ones. */
export function wireResolverList(source: SourceRecord, spec: SourceSpecRecord | undefined, now: number): WireResolverList & { resolvers: WireResolver[] } {
  const statics = spec ? spec.staticResolvers.map((name) => staticResolver(name, spec)) : [];
  const { startedAt, durationMs, error } = source.discovery;
  const finishedAt = startedAt + durationMs;
  const lastFound = isoOrNull(discoveredAt(source, now));
  if (now < finishedAt) {
    return {
      resolvers: withChoice(statics, source.resolverChoice),
      discoveryStatus: { status: 'in_progress', timestamp: new Date(startedAt).toISOString(), resolverCount: statics.length, discoveredAt: lastFound },
      discoveryRequired: false,
    };
  }
  const resolvers = withChoice(error ? statics : [...statics, ...source.resources.map((name) => dynamicResolver(source.spec, name))], source.resolverChoice);
  return {
    resolvers,
    discoveryStatus: {
      status: error ? 'failed' : 'completed',
      timestamp: new Date(finishedAt).toISOString(),
      resolverCount: resolvers.length,
      discoveredAt: lastFound,
      ...(error ? { error } : {}),
    },
    discoveryRequired: error !== null,
  };
}
