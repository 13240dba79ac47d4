import { csvResourceName, effectiveModes, type ResourceFacts, resourceFacts, type ResourceMode } from '@/service-rules/flow-tables';
import { runSelection } from '@/service-rules/resolver-choice';
import type { FlowRow } from '../store/flows';
import type { SourceRow } from '../store/sources';
import { resolverListOf } from './resolvers';

// The resources a flow loads, as its answers show them and its checks judge them: its source's resolvers
// turned on (src/service-rules/resolver-choice.ts), each with its effective mode.

const csvResource = (source: SourceRow) => csvResourceName(typeof source.properties.location === 'string' ? source.properties.location : '');

/** Every resource the source has (turned on or off); null while that is not known (a source never discovered). */
export function knownResources(source: SourceRow): string[] | null {
  if (source.spec === 'csv') return [csvResource(source)];
  const { resolvers } = resolverListOf(source);
  if (resolvers.length === 0 && source.discovered_at === null) return null;
  return resolvers.filter((resolver) => resolver.category !== 'column').map((resolver) => resolver.name);
}

/** The resources a flow over this source loads; null while they are not known. */
export function loadedResources(source: SourceRow): string[] | null {
  const known = knownResources(source);
  if (known === null) return null;
  const selection = runSelection(resolverListOf(source).resolvers);
  return known.filter((name) => selection.loads(name));
}

/** What discovery told of each resource of the source. */
export function factsOf(source: SourceRow): (resource: string) => ResourceFacts | null {
  const { resolvers } = resolverListOf(source);
  return (resource) => resourceFacts(resolvers, resource);
}

/** Every resource the flow loads with its effective mode (before a discovery: those it lists). */
export function flowResources(flow: FlowRow, source: SourceRow | undefined): ResourceMode[] {
  const loads = (source && loadedResources(source)) ?? flow.resource_modes.map((mode) => mode.name);
  return effectiveModes(loads, flow.resource_modes, flow.default_sync_mode);
}
