import { discoveryInProgress } from '@/api/messages';
import { createSourceInputSchema, updateSourceInputSchema } from '@/api/sources';
import { sourceSpec } from '@/catalogue/connector-specs';
import { Conflict, NotFound } from '@/service-rules/errors';
import { readChoice } from '@/service-rules/resolver-choice';
import { sourceConnector } from '../connectors/registry';
import type { Handlers } from '../http/operations';
import { resolverListOf } from '../runs/resolvers';
import type { Services } from '../services';
import { chooseResolvers, findSource, type SourceRow, sourceStore } from '../store/sources';
import { configuredRoutes } from './configured';
import { wireSource } from './configured-wire';

/** A source's route bodies: a destination's (configured.ts), plus discovery after each change of its settings, and its resolvers. */
export function sourceHandlers(services: Services) {
  const sources = configuredRoutes(services, {
    noun: 'source',
    spec: sourceSpec,
    store: sourceStore,
    wire: wireSource,
    connectionCheck: (spec) => sourceConnector(spec)?.verify,
    createSchema: createSourceInputSchema,
    updateSchema: updateSourceInputSchema,
    propertiesSet: (row) => services.runs.requestDiscovery(row.id),
  });
  return {
    listSources: sources.list,
    createSource: sources.create,
    getSource: sources.get,
    updateSource: sources.update,
    deleteSource: sources.remove,
    verifySource: sources.verify,
    getResolvers: async ({ params }) => {
      const list = resolverListOf(await sources.find(params.id));
      // The hosted profile answers exactly the hosted fields: Flowdeck's `discoveredAt`, columns, keys and cursors are left out.
      if (services.profile === 'hosted') {
        if (list.discoveryStatus) Reflect.deleteProperty(list.discoveryStatus, 'discoveredAt');
        for (const resolver of list.resolvers) for (const field of ['columns', 'primaryKey', 'cursorCandidates']) Reflect.deleteProperty(resolver, field);
      }
      return { data: list };
    },

    updateResolvers: async ({ params, body }) => {
      const source = await sources.find(params.id);
      const choice = readChoice(body.resolvers, resolverListOf(source).resolvers);
      const updated = await chooseResolvers(services.db, source.id, choice);
      if (!updated) throw new NotFound();
      return { data: resolverListOf(updated) };
    },

    discoverResolvers: async ({ params }) => {
      const source = await sources.find(params.id);
      const started = await services.runs.discoverNow(source.id);
      if (!started) throw new Conflict(discoveryInProgress(source.id));
      return { data: resolverListOf(started) };
    },
  } satisfies Partial<Handlers>;
}

export async function requireSource(services: Services, id: number): Promise<SourceRow> {
  const source = await findSource(services.db, id);
  if (!source) throw new NotFound();
  return source;
}
