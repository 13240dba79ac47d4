import type { APIRequestContext } from '@playwright/test';
import { expect } from './fixtures';
import { DEMO_KEY } from './sign-in';

export interface PacedFlow {
  /** The flow's name (a timestamp makes it unique in the shared demo database). */
  name: string;
  /** The sample source's name. */
  sourceName: string;
  /** The sample source's properties: `row_count` and `rows_per_second` decide how long a run takes. */
  properties: { seed: number; row_count: number; rows_per_second: number };
}

/**
 * A manual flow from a paced sample source into the demo's JSON-lines files, made through the service's own API
 * like any other client would: the demo's own flows finish too fast to be seen running.
 */
export async function createPacedFlow(request: APIRequestContext, { name, sourceName, properties }: PacedFlow): Promise<string> {
  const headers = { Authorization: `Bearer ${DEMO_KEY}` };
  const source = await request.post('/v2/sources', { headers, data: { sourceSpec: 'sample', displayName: sourceName, properties } });
  expect(source.status()).toBe(201);
  const destinations = (await (await request.get('/v2/destinations', { headers })).json()) as { data: { id: number; displayName: string }[] };
  const files = destinations.data.find((destination) => destination.displayName === 'Local files (JSON lines)');
  const flow = await request.post('/v2/flows', {
    headers,
    data: { displayName: name, source: ((await source.json()) as { data: { id: number } }).data.id, destination: files?.id, frequency: 'manual' },
  });
  expect(flow.status()).toBe(201);
  return name;
}
