import { DESTINATION_SPECS, SOURCE_SPECS, sourceSpec } from '@/catalogue/connector-specs';
import { NotFound } from '@/service-rules/errors';
import type { Handlers } from '../http/operations';
import { destinationSpecSummary, sourceSpecSummary } from '@/service-rules/wire';

/**
 * The spec catalogue: source specs (also as GET /v2/connectors, the source connectors in summary form,
 * as the hosted service answers it: Keboola's connection test calls it) and destination specs.
 */
export function specHandlers() {
  const sourceSpecs: Handlers['listSourceSpecs'] = ({ query: { limit, offset } }) => ({
    data: SOURCE_SPECS.slice(offset, offset + limit).map(sourceSpecSummary),
  });
  return {
    listSourceSpecs: sourceSpecs,
    listConnectors: sourceSpecs,
    getSourceSpec: ({ params }) => {
      const spec = sourceSpec(params.name);
      if (!spec) throw new NotFound();
      return { data: sourceSpecSummary(spec) };
    },
    listDestinationSpecs: ({ query: { limit, offset } }) => ({ data: DESTINATION_SPECS.slice(offset, offset + limit).map(destinationSpecSummary) }),
  } satisfies Partial<Handlers>;
}
