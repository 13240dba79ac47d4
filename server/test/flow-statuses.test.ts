import { afterAll, describe, expect, it } from 'vitest';
import { attemptEnded, BAD_REQUEST, createFilesDestination, createFlow, createSampleSource, expectError, expectStatus } from './fixtures';
import { startHarness } from './harness';

// GET /v2/flow-statuses (Flowdeck's addition): many flows' statuses in one request, each exactly as
// GET /v2/flows/{id}/status answers it, so a list of flows asks once for the rows in view.

const service = await startHarness();
afterAll(() => service.stop());
const { api } = service;

const source = await createSampleSource(api);
const destination = await createFilesDestination(api);

describe('GET /v2/flow-statuses (addition)', () => {
  it('answers each flow’s status as its own status request does, in the order asked, leaving out flows that do not exist', async () => {
    const ran = await createFlow(api, source.id, destination.id);
    const never = await createFlow(api, source.id, destination.id);
    expectStatus(await api(`/v2/flows/${String(ran.id)}/run`, { method: 'POST' }), 201);
    await attemptEnded(api, ran.id);

    const answer = expectStatus(await api(`/v2/flow-statuses?ids=${String(never.id)},999999,${String(ran.id)}`), 200);
    const single = async (id: number) => expectStatus(await api(`/v2/flows/${String(id)}/status`), 200).body;
    expect(answer.body).toEqual({ data: [await single(never.id), await single(ran.id)] });
    expect((answer.body as { data: { lifecycle: string; disposition: string }[] }).data.map(({ lifecycle, disposition }) => [lifecycle, disposition])).toEqual([
      ['NOT_RUNNING', 'NONE'],
      ['NOT_RUNNING', 'SUCCEEDED'],
    ]);
  });

  it('answers 400 to no ids, an id that is not a positive integer, and more than 100 ids', async () => {
    const tooMany = Array.from({ length: 101 }, (_, index) => String(index + 1)).join(',');
    for (const ids of ['', '1,abc', '0', '1,,2', tooMany]) {
      expectError(await api(`/v2/flow-statuses?ids=${ids}`), 400, BAD_REQUEST);
    }
    expectError(await api('/v2/flow-statuses'), 400, BAD_REQUEST);
  });

  it('asks for an API key', async () => {
    expectError(await api('/v2/flow-statuses?ids=1', { key: null }), 401, /./);
  });
});
