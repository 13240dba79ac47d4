import { getResponse } from 'msw';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_API_KEY } from '@/mock-service/auth';
import { createMockService } from '@/mock-service/service';
import { type ApiAnswer, type ApiOptions, eventually, startHarness } from './harness';

// The mock service (the demo build and the dashboard's tests) answers as the service does: the same
// requests, sent to both, get the same status and the same message. The dashboard's tests pin the mock's
// wording, so a difference here is a dashboard tested against words the service never says.

const service = await startHarness();
afterAll(() => service.stop());

const mock = createMockService();

/** The mock's answer to a request, read as the harness reads the service's. */
async function mockApi(path: string, options: ApiOptions = {}): Promise<ApiAnswer> {
  const key = options.key === undefined ? DEMO_API_KEY : options.key;
  const headers: Record<string, string> = { 'Content-Type': 'application/json', ...options.headers };
  if (key !== null) headers.Authorization = `Bearer ${key}`;
  const body = options.body === undefined ? undefined : typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
  const response = await getResponse(mock.handlers, new Request(`http://localhost${path}`, { method: options.method ?? 'GET', headers, body }));
  if (!response) throw new Error(`The mock has no handler for ${options.method ?? 'GET'} ${path}.`);
  const text = await response.text();
  let parsed: unknown = text === '' ? undefined : text;
  try {
    parsed = JSON.parse(text) as unknown;
  } catch {
    // not JSON: kept as text
  }
  return { status: response.status, body: parsed, headers: response.headers };
}

/** The two sides, each with the ids of what the same requests created on it. */
interface Side {
  name: 'service' | 'mock';
  api: (path: string, options?: ApiOptions) => Promise<ApiAnswer>;
  ids: { source: number; destination: number; flow: number; flowToCancel: number; workflow: number; disabledWorkflow: number; incompleteSource: number };
}

const idOf = (answer: ApiAnswer): number => {
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return (answer.body as { data: { id: number } }).data.id;
};

/** The same resources on one side, made by the same requests. */
async function prepare(name: Side['name'], api: Side['api']): Promise<Side> {
  const post = (path: string, body: unknown) => api(path, { method: 'POST', body });
  // Slow enough to be running when it is cancelled.
  const source = idOf(
    await post('/v2/sources', { sourceSpec: 'sample', displayName: 'Parity sample', properties: { row_count: 1_000, rows_per_second: 100 } }),
  );
  const destination = idOf(
    await post('/v2/destinations', { destinationSpec: 'files', displayName: 'Parity files', properties: { bucket_url: 'parity', format: 'jsonl' } }),
  );
  const flow = idOf(await post('/v2/flows', { displayName: 'Parity flow', source, destination }));
  // No workflow runs this one: a workflow run by another test could still be running the shared flow.
  const flowToCancel = idOf(await post('/v2/flows', { displayName: 'Parity flow to cancel', source, destination }));
  const workflow = idOf(await post('/v2/workflows', { name: 'Parity workflow', definition: { flows: [flow] } }));
  const disabledWorkflow = idOf(await post('/v2/workflows', { name: 'Parity disabled', definition: { flows: [flow] }, enabled: false }));
  // A sample source without its required row count: what a configuration card is for.
  const incompleteSource = idOf(await post('/v2/sources', { sourceSpec: 'sample', displayName: 'Parity incomplete', properties: { seed: 1 } }));
  return { name, api, ids: { source, destination, flow, flowToCancel, workflow, disabledWorkflow, incompleteSource } };
}

const sides = [await prepare('service', service.api), await prepare('mock', mockApi)];

/** Status and message: what a client of either shows. */
const answerOf = ({ status, body }: ApiAnswer) => ({ status, message: (body as { message?: unknown } | undefined)?.message });

interface Refusal {
  what: string;
  request: (ids: Side['ids']) => [string, ApiOptions];
}

const MISSING = 987_654;
const REFUSALS: Refusal[] = [
  {
    what: 'a flow from a source that does not exist',
    request: (ids) => ['/v2/flows', { method: 'POST', body: { displayName: 'x', source: MISSING, destination: ids.destination } }],
  },
  {
    what: 'a flow to a destination that does not exist',
    request: (ids) => ['/v2/flows', { method: 'POST', body: { displayName: 'x', source: ids.source, destination: MISSING } }],
  },
  {
    what: 'a change of a flow to a missing destination',
    request: (ids) => [`/v2/flows/${String(ids.flow)}`, { method: 'PATCH', body: { destination: MISSING } }],
  },
  {
    what: 'a flow with an invalid cron',
    request: (ids) => ['/v2/flows', { method: 'POST', body: { displayName: 'x', source: ids.source, destination: ids.destination, cron: '61 * * * *' } }],
  },
  {
    what: 'a workflow with an invalid cron',
    request: (ids) => ['/v2/workflows', { method: 'POST', body: { name: 'x', definition: { flows: [ids.flow] }, cron: '* * *' } }],
  },
  { what: 'a workflow naming a missing flow', request: () => ['/v2/workflows', { method: 'POST', body: { name: 'x', definition: { flows: [MISSING] } } }] },
  {
    what: 'a webhook trigger whose credentials source does not exist',
    request: (ids) => [
      `/v2/workflows/${String(ids.workflow)}/webhooks`,
      { method: 'POST', body: { provider: 'slack', event_type: 'message', credential_source_id: MISSING } },
    ],
  },
  { what: 'a flow id that is not a number', request: () => ['/v2/flows/abc/run', { method: 'POST' }] },
  { what: 'an unknown flow', request: () => [`/v2/flows/${String(MISSING)}/run`, { method: 'POST' }] },
  { what: 'a body that is not JSON', request: () => ['/v2/flows', { method: 'POST', body: '{"displayName":' }] },
  { what: 'an attempt id that is not a number, of a missing flow', request: () => [`/v2/flows/${String(MISSING)}/run/abc`, {}] },
  { what: 'a bad page of a missing flow’s attempts', request: () => [`/v2/flows/${String(MISSING)}/run?limit=0`, {}] },
  { what: 'an unknown field in a change of a missing workflow', request: () => [`/v2/workflows/${String(MISSING)}`, { method: 'PATCH', body: { bogus: 1 } }] },
  {
    what: 'a source of an unknown spec',
    request: () => ['/v2/sources', { method: 'POST', body: { sourceSpec: 'no_such_spec', displayName: 'x', properties: {} } }],
  },
  { what: 'no API key', request: () => ['/v2/flows', { key: null }] },
  { what: 'statuses of flows named by an id that is not a number', request: (ids) => [`/v2/flow-statuses?ids=${String(ids.flow)},abc`, {}] },
  {
    what: 'statuses of more than 100 flows',
    request: () => [`/v2/flow-statuses?ids=${Array.from({ length: 101 }, (_, index) => String(index + 1)).join(',')}`, {}],
  },
];

describe('the mock service answers refused requests as the service does', () => {
  it.each(REFUSALS)('$what', async ({ request }) => {
    const [service, mocked] = await Promise.all(
      sides.map(async (side) => {
        const [path, options] = request(side.ids);
        return answerOf(await side.api(path, options));
      }),
    );
    expect(service?.status).toBeGreaterThanOrEqual(400);
    expect(mocked).toEqual(service);
  });

  it('names the missing required properties of a card submission alike', async () => {
    const [service, mocked] = await Promise.all(
      sides.map(async ({ api, ids }) => {
        const expiresAt = new Date(Date.now() + 86_400_000).toISOString();
        const card = await api(`/v2/sources/${String(ids.incompleteSource)}/configuration_cards`, { method: 'POST', body: { expiresAt } });
        expect(card.status, JSON.stringify(card.body)).toBe(201);
        const hash = (card.body as { data: { hash_id: string } }).data.hash_id;
        return answerOf(await api(`/v2/cards/${hash}`, { method: 'PATCH', body: { properties: { seed: 2 } }, key: hash }));
      }),
    );
    expect(service).toEqual({ status: 400, message: 'Bad Request: Missing required properties: row_count' });
    expect(mocked).toEqual(service);
  });
});

describe('the mock service does what the service does', () => {
  it('offers the same connector catalogue, and its seeded sources and destinations use only it', async () => {
    const paths = [
      '/v2/sourcespecs?limit=100',
      '/v2/connectors?limit=100',
      '/v2/destinationspecs?limit=100',
      '/v2/sourcespecs/postgres',
      '/v2/sourcespecs/csv',
    ];
    for (const path of paths) {
      const [fromService, fromMock] = await Promise.all(sides.map(({ api }) => api(path)));
      expect(fromService?.status).toBe(200);
      expect(fromMock?.body, path).toEqual(fromService?.body);
    }
    const specNames = (path: string) => service.api(path).then((answer) => (answer.body as { data: { name: string }[] }).data.map((spec) => spec.name));
    const [sourceSpecs, destinationSpecs] = await Promise.all([specNames('/v2/sourcespecs?limit=100'), specNames('/v2/destinationspecs?limit=100')]);
    const seeded = createMockService().db.state;
    expect(sourceSpecs).toEqual(expect.arrayContaining([...new Set(seeded.sources.map((source) => source.spec))]) as unknown);
    expect(destinationSpecs).toEqual(expect.arrayContaining([...new Set(seeded.destinations.map((destination) => destination.spec))]) as unknown);
  });

  it('runs a disabled workflow by hand', async () => {
    for (const { api, ids } of sides) {
      const path = `/v2/workflows/${String(ids.disabledWorkflow)}`;
      expect(answerOf(await api(`${path}/run`, { method: 'POST' }))).toEqual({ status: 201, message: 'Created' });
      expect(answerOf(await api(`${path}/cancel`, { method: 'POST' })).status).toBe(200);
    }
  });

  it('ends a cancelled run with the same error', async () => {
    const errors = await Promise.all(
      sides.map(async ({ api, ids }) => {
        const path = `/v2/flows/${String(ids.flowToCancel)}`;
        expect(answerOf(await api(`${path}/run`, { method: 'POST' }))).toEqual({ status: 201, message: 'Created' });
        expect(answerOf(await api(`${path}/cancel`, { method: 'POST' }))).toEqual({ status: 200, message: 'Flow run cancelled.' });
        return eventually(async () => {
          const [latest] = ((await api(`${path}/run?limit=1`)).body as { data?: { lifecycle: string; errors?: string[] }[] }).data ?? [];
          return latest?.lifecycle === 'not_running' ? latest.errors : undefined;
        });
      }),
    );
    expect(errors[0]).toEqual(['Cancelled by user.']);
    expect(errors[1]).toEqual(errors[0]);
  });
});

/** What a client of either sees of a flow's tables: how the flow keeps them (its answer) and each table's state without its clock. */
async function tablesOf({ api }: Side, flowAnswer: ApiAnswer) {
  expect([200, 201], JSON.stringify(flowAnswer.body)).toContain(flowAnswer.status);
  const { id, namespace, tablePrefix, schemaChanges, resources } = (flowAnswer.body as { data: Record<string, unknown> & { id: number } }).data;
  const state = await api(`/v2/flows/${String(id)}/state`);
  expect(state.status).toBe(200);
  const tables = (state.body as { data: { resource: string; table: string; syncMode: string; cursorField: string | null; primaryKey: unknown }[] }).data.map(
    ({ resource, table, syncMode, cursorField, primaryKey }) => ({ resource, table, syncMode, cursorField, primaryKey }),
  );
  return { flow: { namespace, tablePrefix, schemaChanges, resources }, tables };
}

describe("the mock service keeps flows' tables as the service does", () => {
  it('names a new flow’s namespace and lists its resources, modes and tables alike', async () => {
    const [fromService, fromMock] = await Promise.all(
      sides.map(async (side) => {
        const made = await side.api('/v2/flows', {
          method: 'POST',
          body: { displayName: 'Parity flow', source: side.ids.source, destination: side.ids.destination, tablePrefix: 'raw_' },
        });
        return tablesOf(side, made);
      }),
    );
    // A second "Parity flow" into the same destination gets a namespace of its own.
    expect(fromService?.flow.namespace).toBe('parity_flow_2');
    expect(fromService?.tables.length).toBeGreaterThan(0);
    expect(fromMock?.flow).toEqual(fromService?.flow);
    expect(fromMock?.tables).toEqual(fromService?.tables);
  });

  it('tells the same columns, key and cursor candidates of each resource', async () => {
    const [fromService, fromMock] = await Promise.all(
      sides.map(async ({ api, ids }) => {
        const answer = await api(`/v2/sources/${String(ids.source)}/resolvers`);
        expect(answer.status).toBe(200);
        const { resolvers } = (answer.body as { data: { resolvers: Record<string, unknown>[] } }).data;
        return resolvers.map(({ name, columns, primaryKey, cursorCandidates }) => ({ name, columns, primaryKey, cursorCandidates }));
      }),
    );
    expect(fromService?.length).toBe(3);
    expect(fromMock).toEqual(fromService);
  });

  it('saves a mode, a cursor and a key, and answers them alike in the flow and its state', async () => {
    const [fromService, fromMock] = await Promise.all(
      sides.map(async (side) => {
        const path = `/v2/flows/${String(side.ids.flow)}`;
        const change = { resources: [{ name: 'orders', syncMode: 'incremental_append', cursorField: 'id' }] };
        return tablesOf(side, await side.api(path, { method: 'PATCH', body: change }));
      }),
    );
    expect(fromService?.tables.find((table) => table.resource === 'orders')).toMatchObject({ syncMode: 'incremental_append', cursorField: 'id' });
    expect(fromMock?.flow).toEqual(fromService?.flow);
    expect(fromMock?.tables).toEqual(fromService?.tables);
  });
});

const TABLE_REFUSALS: Refusal[] = [
  {
    what: 'a mode the files destination cannot honour',
    request: (ids) => [
      `/v2/flows/${String(ids.flow)}`,
      { method: 'PATCH', body: { resources: [{ name: 'orders', syncMode: 'incremental_deduped', cursorField: 'id' }] } },
    ],
  },
  {
    what: 'an incremental mode without a cursor field',
    request: (ids) => [`/v2/flows/${String(ids.flow)}`, { method: 'PATCH', body: { resources: [{ name: 'orders', syncMode: 'incremental_append' }] } }],
  },
  {
    what: 'a cursor field that cannot serve as one',
    request: (ids) => [
      `/v2/flows/${String(ids.flow)}`,
      { method: 'PATCH', body: { resources: [{ name: 'customers', syncMode: 'incremental_append', cursorField: 'no_such_column' }] } },
    ],
  },
  {
    what: 'a resource the source does not have',
    request: (ids) => [`/v2/flows/${String(ids.flow)}`, { method: 'PATCH', body: { resources: [{ name: 'no_such', syncMode: 'full_refresh_append' }] } }],
  },
  {
    what: 'a namespace that is not an identifier',
    request: (ids) => ['/v2/flows', { method: 'POST', body: { displayName: 'x', source: ids.source, destination: ids.destination, namespace: 'two words' } }],
  },
  {
    what: 'a namespace and prefix whose tables another flow writes',
    request: (ids) => ['/v2/flows', { method: 'POST', body: { displayName: 'x', source: ids.source, destination: ids.destination, namespace: 'parity_flow' } }],
  },
  { what: 'a reset of a resource the flow does not load', request: (ids) => [`/v2/flows/${String(ids.flow)}/state?resource=no_such`, { method: 'DELETE' }] },
  {
    what: 'a re-sync of a resource the flow does not load',
    request: (ids) => [`/v2/flows/${String(ids.flow)}/resync`, { method: 'POST', body: { resources: ['no_such'] } }],
  },
  { what: 'a re-sync body with an unknown field', request: (ids) => [`/v2/flows/${String(ids.flow)}/resync`, { method: 'POST', body: { bogus: true } }] },
  { what: 'the state of an unknown flow', request: () => [`/v2/flows/${String(MISSING)}/state`, {}] },
];

describe('the mock service answers refused table requests as the service does', () => {
  it.each(TABLE_REFUSALS)('$what', async ({ request }) => {
    const [service, mocked] = await Promise.all(
      sides.map(async (side) => {
        const [path, options] = request(side.ids);
        const { status, message } = answerOf(await side.api(path, options));
        // The flows each side made have ids of their own.
        return { status, message: typeof message === 'string' ? message.replace(`(#${String(side.ids.flow)})`, '(#the parity flow)') : message };
      }),
    );
    expect(service?.status).toBeGreaterThanOrEqual(400);
    expect(mocked).toEqual(service);
  });

  it('resets every table’s state with the same message', async () => {
    const [service, mocked] = await Promise.all(
      sides.map(async ({ api, ids }) => answerOf(await api(`/v2/flows/${String(ids.flow)}/state`, { method: 'DELETE' }))),
    );
    expect(service?.status).toBe(200);
    expect(mocked).toEqual(service);
  });
});
