import { afterAll, describe, expect, it } from 'vitest';
import { BAD_REQUEST, createFilesDestination, createFlow, createSampleSource, createWorkflow, expectError, expectWrapped } from './fixtures';
import { startHarness } from './harness';

// GET /v2/timeline (Flowdeck's addition): the runs of every flow and workflow that overlap a window, for
// the overview's timeline. Runs are written straight into the tables, in 2020, where no other test runs.

const service = await startHarness();
afterAll(() => service.stop());
const { api, sql } = service;

const source = await createSampleSource(api);
const destination = await createFilesDestination(api);
const flowA = await createFlow(api, source.id, destination.id);
const flowB = await createFlow(api, source.id, destination.id);
const workflow = await createWorkflow(api, { flows: [flowA.id] });

const at = (time: string) => `2020-03-01T${time}Z`;
async function attempt(flowId: number, createdAt: string, completedAt: string | null, disposition = 'succeeded') {
  const lifecycle = completedAt ? 'not_running' : 'running';
  const rows = await sql<{ id: number }>(
    'INSERT INTO run_attempts (flow_id, trigger, lifecycle, disposition, created_at, completed_at) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id',
    [flowId, 'scheduled', lifecycle, completedAt ? disposition : 'none', createdAt, completedAt],
  );
  return rows[0]?.id ?? 0;
}

// The window below is 10:00 to 11:00.
const endedBefore = await attempt(flowA.id, at('09:00:00'), at('09:59:59'));
const endedInside = await attempt(flowA.id, at('09:30:00'), at('10:05:00'), 'failed');
const startedInside = await attempt(flowB.id, at('10:10:00'), at('10:20:00'));
const startedAfter = await attempt(flowB.id, at('11:00:00'), at('11:05:00'));
const workflowRun = (
  await sql<{ id: number }>(
    "INSERT INTO workflow_runs (workflow_id, trigger, lifecycle, disposition, created_at, completed_at) VALUES ($1, 'manual', 'not_running', 'succeeded', $2, $3) RETURNING id",
    [workflow.id, at('10:10:00'), at('10:30:00')],
  )
)[0]?.id;
// Still running since before the window (another flow: one running attempt per flow).
const flowC = await createFlow(api, source.id, destination.id);
const stillRunning = await attempt(flowC.id, at('08:00:00'), null);

const timeline = (query: string) => api(`/v2/timeline?${query}`);
const window = `from=${at('10:00:00')}&to=${at('11:00:00')}`;
type Span = {
  kind: string;
  owner: number;
  id: number;
  number: number | null;
  lifecycle: string;
  disposition: string;
  createdAt: string;
  completedAt: string | null;
};

describe('GET /v2/timeline', () => {
  it('answers the runs that overlap the window, flows and workflows, oldest first (start, kind, id)', async () => {
    const spans = expectWrapped(await timeline(window)) as Span[];
    expect(spans.map((span) => [span.kind, span.id])).toEqual([
      ['flow', stillRunning],
      ['flow', endedInside],
      ['flow', startedInside],
      ['workflow', workflowRun],
    ]);
    const flowIds = spans.filter((span) => span.kind === 'flow').map((span) => span.id);
    expect(flowIds).not.toContain(endedBefore);
    expect(flowIds).not.toContain(startedAfter);
    expect(spans[0]).toMatchObject({ owner: flowC.id, number: 1, lifecycle: 'running', disposition: 'none', completedAt: null });
    expect(spans[1]).toMatchObject({
      owner: flowA.id,
      number: 2,
      disposition: 'failed',
      createdAt: '2020-03-01T09:30:00.000Z',
      completedAt: '2020-03-01T10:05:00.000Z',
    });
    expect(spans[3]).toMatchObject({ kind: 'workflow', owner: workflow.id, number: null });
  });

  it('pages with limit and offset, neither skipping nor repeating a run', async () => {
    const first = expectWrapped(await timeline(`${window}&limit=2`)) as Span[];
    const second = expectWrapped(await timeline(`${window}&limit=2&offset=2`)) as Span[];
    expect([...first, ...second].map((span) => span.id)).toEqual([stillRunning, endedInside, startedInside, workflowRun]);
    expect(expectWrapped(await timeline(`${window}&limit=5000&offset=4`))).toEqual([]);
  });

  it.each([
    ['no window', ''],
    ['no to', `from=${at('10:00:00')}`],
    ['a date that is not ISO 8601', `from=yesterday&to=${at('11:00:00')}`],
    ['a date without its zone', `from=2020-03-01T10:00:00&to=${at('11:00:00')}`],
    ['to before from', `from=${at('11:00:00')}&to=${at('10:00:00')}`],
    ['to equal to from', `from=${at('10:00:00')}&to=${at('10:00:00')}`],
    ['a window over 31 days', 'from=2020-01-01T00:00:00Z&to=2020-02-01T00:00:01Z'],
    ['limit 0', `${window}&limit=0`],
    ['limit over 5000', `${window}&limit=5001`],
    ['a negative offset', `${window}&offset=-1`],
    ['a limit that is not a number', `${window}&limit=ten`],
  ])('answers 400 for %s', async (_case, query) => {
    expectError(await timeline(query), 400, BAD_REQUEST);
  });

  it('accepts a window of exactly 31 days', async () => {
    expect(expectWrapped(await timeline('from=2020-02-01T00:00:00Z&to=2020-03-03T00:00:00Z'))).toEqual(expect.any(Array));
  });
});
