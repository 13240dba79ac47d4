import { DESTINATION_SPECS, SOURCE_SPECS, sourceSpec } from '@/catalogue/connector-specs';
import { NotFound } from '@/service-rules/errors';
import type { Handlers } from '../http/operations';
import { pageParams } from '../http/validate';
import { destinationSpecSummary, sourceSpecSummary } from '@/service-rules/wire';

/**
 * The spec catalogue: source specs (also as GET /v2/connectors, the source connectors in summary form,
 * as the hosted service answers it: Keboola's connection test calls it) and destination specs.
 */
export function specHandlers() {
  const sourceSpecs: Handlers['listSourceSpecs'] = (c) => {
    const { limit, offset } = pageParams(c);
    return c.json({ data: SOURCE_SPECS.slice(offset, offset + limit).map(sourceSpecSummary) });
  };
  return {
    listSourceSpecs: sourceSpecs,
    listConnectors: sourceSpecs,
    getSourceSpec: (c) => {
      const spec = sourceSpec(c.req.param('name') ?? '');
      if (!spec) throw new NotFound();
      return c.json({ data: sourceSpecSummary(spec) });
    },
    listDestinationSpecs: (c) => {
      const { limit, offset } = pageParams(c);
      return c.json({ data: DESTINATION_SPECS.slice(offset, offset + limit).map(destinationSpecSummary) });
    },
  } satisfies Partial<Handlers>;
}
