// Every operation of the /v2 interface (the 21 of the interface document) and Flowdeck's additions
// (README, "The service"; `hosted`: those developer.portable.io shows as well), written out by hand so the tests check the service against the documents
// rather than against its own route table.

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

export const OPERATIONS: OperationUnderTest[] = [
  // The interface document's 21 operations.
  { method: 'POST', path: '/v2/sources', documented: true },
  { method: 'PATCH', path: '/v2/sources/{id}', documented: true },
  { method: 'POST', path: '/v2/sources/{id}/configuration_cards', documented: true },
  { method: 'GET', path: '/v2/sources/{id}/resolvers', documented: true },
  { method: 'GET', path: '/v2/sourcespecs/{name}', documented: true },
  { method: 'POST', path: '/v2/destinations', documented: true },
  { method: 'GET', path: '/v2/destinations/{id}', documented: true },
  { method: 'PATCH', path: '/v2/destinations/{id}', documented: true },
  { method: 'GET', path: '/v2/destinations/{id}/verify', documented: true },
  { method: 'GET', path: '/v2/destinationspecs', documented: true },
  { method: 'GET', path: '/v2/flows', documented: true },
  { method: 'POST', path: '/v2/flows/{id}/run', documented: true },
  { method: 'GET', path: '/v2/flows/{id}/run', documented: true },
  { method: 'POST', path: '/v2/flows/{id}/cancel', documented: true },
  { method: 'GET', path: '/v2/workflows', documented: true, feature: 'workflows' },
  { method: 'GET', path: '/v2/workflows/{id}/status', documented: true, feature: 'workflows' },
  { method: 'POST', path: '/v2/workflows/{id}/run', documented: true, feature: 'workflows' },
  { method: 'POST', path: '/v2/workflows/{id}/cancel', documented: true, feature: 'workflows' },
  { method: 'DELETE', path: '/v2/workflows/{id}', documented: true, feature: 'workflows' },
  { method: 'GET', path: '/v2/workflows/{id}/webhooks/{webhook_trigger_id}', documented: true, feature: 'workflows' },
  { method: 'DELETE', path: '/v2/workflows/{id}/webhooks/{webhook_trigger_id}', documented: true, feature: 'workflows' },
  // Flowdeck's additions behind an API key.
  { method: 'GET', path: '/v2/sources', documented: false },
  { method: 'GET', path: '/v2/sources/{id}', documented: false },
  { method: 'GET', path: '/v2/sources/{id}/configuration_cards', documented: false },
  { method: 'GET', path: '/v2/sources/{id}/verify', documented: false, hosted: true },
  { method: 'GET', path: '/v2/connectors', documented: false, hosted: true },
  { method: 'GET', path: '/v2/sourcespecs', documented: false },
  { method: 'GET', path: '/v2/destinations', documented: false },
  { method: 'POST', path: '/v2/flows', documented: false, hosted: true },
  { method: 'PATCH', path: '/v2/flows/{id}', documented: false, hosted: true },
  { method: 'DELETE', path: '/v2/flows/{id}', documented: false },
  { method: 'GET', path: '/v2/flows/{id}/status', documented: false, hosted: true },
  { method: 'POST', path: '/v2/workflows', documented: false, feature: 'workflows' },
  { method: 'PATCH', path: '/v2/workflows/{id}', documented: false, feature: 'workflows' },
  { method: 'GET', path: '/v2/workflows/{id}/webhooks', documented: false, feature: 'workflows' },
  { method: 'POST', path: '/v2/workflows/{id}/webhooks', documented: false, feature: 'workflows' },
];

/** The public additions: no API key (the card hash or the webhook id is the credential). */
export const PUBLIC_OPERATIONS: OperationUnderTest[] = [
  { method: 'GET', path: '/v2/cards/{hash_id}', documented: false },
  { method: 'PATCH', path: '/v2/cards/{hash_id}', documented: false },
  { method: 'POST', path: '/v2/webhooks/{webhook_id}', documented: false },
  { method: 'GET', path: '/v2/openapi.json', documented: false },
  { method: 'DELETE', path: '/v2/sources/{id}/configuration_cards/{cardId}', documented: false },
  { method: 'GET', path: '/v2/uploads', documented: false },
  { method: 'POST', path: '/v2/uploads', documented: false },
];

/** The template with its parameters filled in. */
export function fill(path: string, values: Record<string, string | number>): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`No value for {${name}} in ${path}.`);
    return String(value);
  });
}
