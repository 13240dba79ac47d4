import { Hono } from 'hono';
import { DESTINATION_SPECS, SOURCE_SPECS, sourceSpec } from '@/catalogue/connector-specs';
import type { AuthVariables } from '../http/auth';
import { notFound } from '../http/errors';
import { pageParams } from '../http/validate';
import { destinationSpecSummary, sourceSpecSummary } from '../wire';

export function sourceSpecRoutes() {
  return new Hono<{ Variables: AuthVariables }>()
    .get('/', (c) => {
      const { limit, offset } = pageParams(c);
      return c.json({ data: SOURCE_SPECS.slice(offset, offset + limit).map(sourceSpecSummary) });
    })
    .get('/:name', (c) => {
      const spec = sourceSpec(c.req.param('name'));
      if (!spec) throw notFound();
      return c.json({ data: sourceSpecSummary(spec) });
    });
}

export function destinationSpecRoutes() {
  return new Hono<{ Variables: AuthVariables }>().get('/', (c) => {
    const { limit, offset } = pageParams(c);
    return c.json({ data: DESTINATION_SPECS.slice(offset, offset + limit).map(destinationSpecSummary) });
  });
}
