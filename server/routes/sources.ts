import { createSourceInputSchema, updateSourceInputSchema } from '@/api/sources';
import { sourceSpec } from '@/catalogue/connector-specs';
import { NotFound } from '@/service-rules/errors';
import { sourceConnector } from '../connectors/registry';
import type { Handlers } from '../http/operations';
import { idParam } from '../http/validate';
import type { Services } from '../services';
import { findSource, type SourceRow, sourceStore } from '../store/sources';
import { configuredRoutes } from './configured';
import { wireSource } from './configured-wire';
import { wireResolverList } from './resolvers-wire';

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
    verifySource: sources.verify,
    getResolvers: async (c) => c.json({ data: wireResolverList(await sources.find(idParam(c))) }),
  } satisfies Partial<Handlers>;
}

export async function requireSource(services: Services, id: number): Promise<SourceRow> {
  const source = await findSource(services.db, id);
  if (!source) throw new NotFound();
  return source;
}
