import { OPERATIONS as CATALOGUE_OPERATIONS, type Operation } from '@/api/operations';

const CATALOGUE: readonly Operation[] = CATALOGUE_OPERATIONS;

// The operations the tests walk through (auth matrix, hosted profile, OpenAPI), taken from the one
// catalogue (src/api/operations.ts). What keeps the catalogue honest: the interface document's 21
// operations are written out here by hand (openapi.test.ts holds the catalogue to them), and
// operations.test.ts holds the service's routes, the client, the mock and the OpenAPI document to it.

export interface OperationUnderTest {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  /** OpenAPI-style template. */
  path: string;
  /** Part of the interface document (false: a Flowdeck addition). */
  documented: boolean;
  /** An addition the hosted service's documentation shows too (FLOWDECK_PROFILE=hosted answers it). */
  hosted?: boolean;
  /** Plan feature it needs beyond a valid key. */
  feature?: 'workflows';
}

/** The interface document's operations, as it writes them. */
export const INTERFACE_DOCUMENT: readonly string[] = [
  'POST /v2/sources',
  'PATCH /v2/sources/{id}',
  'POST /v2/sources/{id}/configuration_cards',
  'GET /v2/sources/{id}/resolvers',
  'GET /v2/sourcespecs/{name}',
  'POST /v2/destinations',
  'GET /v2/destinations/{id}',
  'PATCH /v2/destinations/{id}',
  'GET /v2/destinations/{id}/verify',
  'GET /v2/destinationspecs',
  'GET /v2/flows',
  'POST /v2/flows/{id}/run',
  'GET /v2/flows/{id}/run',
  'POST /v2/flows/{id}/cancel',
  'GET /v2/workflows',
  'GET /v2/workflows/{id}/status',
  'POST /v2/workflows/{id}/run',
  'POST /v2/workflows/{id}/cancel',
  'DELETE /v2/workflows/{id}',
  'GET /v2/workflows/{id}/webhooks/{webhook_trigger_id}',
  'DELETE /v2/workflows/{id}/webhooks/{webhook_trigger_id}',
];

const underTest = (operation: Operation): OperationUnderTest => ({
  method: operation.method.toUpperCase() as OperationUnderTest['method'],
  path: `/v2${operation.path}`,
  documented: operation.addition !== true,
  ...(operation.hosted ? { hosted: true } : {}),
  ...(operation.feature ? { feature: operation.feature } : {}),
});

/** Every operation behind an API key. */
export const OPERATIONS: OperationUnderTest[] = CATALOGUE.filter((operation) => operation.access === 'key').map(underTest);

/** The public additions: no API key (the card hash or the webhook id is the credential), and the document itself. */
export const PUBLIC_OPERATIONS: OperationUnderTest[] = [
  ...CATALOGUE.filter((operation) => operation.access === 'card' || operation.access === 'public').map(underTest),
  { method: 'GET', path: '/v2/openapi.json', documented: false },
];

/** The template with its parameters filled in. */
export function fill(path: string, values: Record<string, string | number>): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`No value for {${name}} in ${path}.`);
    return String(value);
  });
}
