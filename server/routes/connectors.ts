import { Hono } from 'hono';
import { SOURCE_SPECS } from '@/catalogue/connector-specs';
import type { AuthVariables } from '../http/auth';
import { pageParams } from '../http/validate';
import { sourceSpecSummary } from '../wire';

/**
 * GET /v2/connectors: the source connectors this service has, as source specs in summary form. The
 * hosted service answers `{ data: [...] }` here (Keboola's connection test calls it).
 */
export function connectorRoutes() {
  return new Hono<{ Variables: AuthVariables }>().get('/', (c) => {
    const { limit, offset } = pageParams(c);
    return c.json({ data: SOURCE_SPECS.slice(offset, offset + limit).map(sourceSpecSummary) });
  });
}
