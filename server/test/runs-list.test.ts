import { afterAll, describe, expect, it } from 'vitest';
import { MAX_CHANGES_WAIT_SECONDS, runsPageSchema, type RunListItem } from '@/api/runs';
import {
  BAD_REQUEST,
  createFailingFilesDestination,
  createFilesDestination,
  createFlow,
  createSampleSource,
  createWorkflow,
  expectError,
  expectStatus,
  expectWrapped,
  workflowEnded,
} from './fixtures';
import { startHarness } from './harness';

// GET /v2/runs (issue 31): every flow attempt and workflow run, newest first, filtered and keyset paged;
// GET /v2/run-changes; workflow runs numbered per workflow; re-run from the failed step. History is
// written straight into the tables, in 2019, where no run of this file's own runs lands.

/** The service's request log lines of run-changes reads: how long each was held. */
const changeReads: { ms: number }[] = [];
const service = await startHarness({
  logLevel: 'info',
  logDestination: {
    write: (line: string) => {
      const entry = JSON.parse(line) as { msg?: string; path?: string; ms?: number };
      if (entry.msg === 'request' && entry.path === '/v2/run-changes' && entry.ms !== undefined) changeReads.push({ ms: entry.ms });
    },
  },
});
afterAll(() => service.stop());
const { api, sql } = service;

const source = await createSampleSource(api);
const destination = await createFilesDestination(api);
const flowA = await createFlow(api, source.id, destination.id, { displayName: 'Orders' });
const flowB = await createFlow(api, source.id, destination.id, { displayName: 'Customers' });
const workflow = await createWorkflow(api, { flows: [flowA.id] }, { name: 'Nightly' });

async function pastAttempt(flowId: number, createdAt: string, disposition: 'succeeded' | 'failed', trigger = 'scheduled') {
  const resources = disposition === 'succeeded' ? JSON.stringify([{ name: 'orders', extracted: 5, analyzed: 5, loaded: 5 }]) : null;
  const rows = await sql<{ id: number }>(
    `INSERT INTO run_attempts (flow_id, trigger, lifecycle, disposition, resources, created_at, completed_at)
     VALUES ($1, $2, 'not_running', $3, $4, $5, $5::timestamptz + interval '9 seconds') RETURNING id`,
    [flowId, trigger, disposition, resources, createdAt],
  );
  return rows[0]?.id ?? 0;
}
async function pastWorkflowRun(createdAt: string, disposition: 'succeeded' | 'failed') {
  const rows = await sql<{ id: number }>(
    `INSERT INTO workflow_runs (workflow_id, trigger, lifecycle, disposition, created_at, completed_at)
     VALUES ($1, 'scheduled', 'not_running', $2, $3, $3::timestamptz + interval '1 minute') RETURNING id`,
    [workflow.id, disposition, createdAt],
  );
  return rows[0]?.id ?? 0;
}

// 40 attempts and 6 workflow runs in 2019, several of them at the very same instant (ties across kinds).
const history: { kind: 'flow' | 'workflow'; id: number }[] = [];
for (let index = 0; index < 40; index += 1) {
  const at = `2019-05-01T10:${String(Math.floor(index / 2)).padStart(2, '0')}:00Z`;
  const flowId = index % 2 === 0 ? flowA.id : flowB.id;
  history.push({ kind: 'flow', id: await pastAttempt(flowId, at, index % 5 === 0 ? 'failed' : 'succeeded', index % 7 === 0 ? 'manual' : 'scheduled') });
}
for (let index = 0; index < 6; index += 1) {
  history.push({
    kind: 'workflow',
    id: await pastWorkflowRun(`2019-05-01T10:${String(index * 3).padStart(2, '0')}:00Z`, index === 2 ? 'failed' : 'succeeded'),
  });
}

const runs = async (query: string) => runsPageSchema.parse(expectStatus(await api(`/v2/runs?${query}`), 200).body);
const key = (run: Pick<RunListItem, 'kind' | 'id'>) => `${run.kind}:${String(run.id)}`;
const in2019 = 'from=2019-01-01T00:00:00Z&to=2020-01-01T00:00:00Z';

/** Every page from the first, following `next`; `between` runs before each further page. */
async function allPages(query: string, between: () => Promise<void> = () => Promise.resolve()): Promise<RunListItem[]> {
  const seen: RunListItem[] = [];
  let page = await runs(query);
  seen.push(...page.data);
  while (page.next) {
    await between();
    page = await runs(`${query}&cursor=${encodeURIComponent(page.next)}`);
    seen.push(...page.data);
  }
  return seen;
}

describe('GET /v2/runs', () => {
  it('lists attempts and workflow runs together, newest first, each with what ran and its rows', async () => {
    const page = await runs(`${in2019}&limit=3`);
    expect(page.data).toHaveLength(3);
    expect(page.next).toEqual(expect.any(String));
    const newest = page.data[0];
    // 10:19 holds two attempts; 10:15 a workflow run: the newest first are the two attempts of 10:19.
    expect(newest).toMatchObject({ kind: 'flow', name: 'Customers', trigger: 'scheduled', lifecycle: 'not_running', createdAt: '2019-05-01T10:19:00.000Z' });
    expect(newest?.number).toEqual(expect.any(Number));
    expect(newest?.completedAt).toBe('2019-05-01T10:19:09.000Z');
    const succeeded = page.data.find((run) => run.disposition === 'succeeded');
    expect(succeeded?.rowsLoaded).toBe(5);
  });

  it('pages by cursor without skipping or repeating a run while new runs arrive', async () => {
    let arrivals = 0;
    const seen = await allPages(`limit=7`, async () => {
      arrivals += 1;
      await pastAttempt(arrivals % 2 === 0 ? flowA.id : flowB.id, new Date().toISOString(), 'succeeded');
      await pastWorkflowRun(new Date().toISOString(), 'succeeded');
    });
    const keys = seen.map(key);
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys.filter((k) => history.some((run) => key(run) === k)).sort()).toEqual(history.map(key).sort());
    // Newest first across the pages too: createdAt never goes up.
    const times = seen.map((run) => Date.parse(run.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(arrivals).toBeGreaterThan(4);
  });

  it('filters by status, trigger, flow, workflow and time, and pages the filtered list alike', async () => {
    const failed = await allPages(`${in2019}&status=failed&limit=3`);
    expect(failed.map((run) => run.disposition)).toEqual(Array(failed.length).fill('failed'));
    expect(failed).toHaveLength(9); // 8 attempts (every fifth) and 1 workflow run
    const manual = await allPages(`${in2019}&trigger=manual&limit=2`);
    expect(manual).toHaveLength(6);
    expect(manual.every((run) => run.trigger === 'manual')).toBe(true);
    const ofFlow = await allPages(`${in2019}&flow=${String(flowA.id)}&limit=4`);
    expect(ofFlow).toHaveLength(20);
    expect(ofFlow.every((run) => run.kind === 'flow' && run.flow === flowA.id)).toBe(true);
    const ofWorkflow = await allPages(`${in2019}&workflow=${String(workflow.id)}`);
    expect(ofWorkflow.map((run) => run.kind)).toEqual(Array(6).fill('workflow'));
    const both = await allPages(`${in2019}&workflow=${String(workflow.id)}&flow=${String(flowB.id)}`);
    expect(both).toHaveLength(26);
    const window = await allPages('from=2019-05-01T10:05:00Z&to=2019-05-01T10:07:00Z');
    expect(window.map((run) => run.createdAt).sort()).toEqual([
      '2019-05-01T10:05:00.000Z',
      '2019-05-01T10:05:00.000Z',
      '2019-05-01T10:06:00.000Z',
      '2019-05-01T10:06:00.000Z',
      '2019-05-01T10:06:00.000Z',
    ]);
  });

  it('pages oldest first with order=asc, the exact reverse of newest first', async () => {
    const newest = await allPages(`${in2019}&limit=5`);
    const oldest = await allPages(`${in2019}&order=asc&limit=5`);
    expect(oldest.map(key)).toEqual(newest.map(key).reverse());
    const failedOldest = await allPages(`${in2019}&status=failed&order=asc&limit=2`);
    expect(failedOldest.map(key)).toEqual((await allPages(`${in2019}&status=failed&limit=2`)).map(key).reverse());
    const first = await runs(`${in2019}&limit=5`);
    expectError(await api(`/v2/runs?order=asc&cursor=${encodeURIComponent(first.next ?? '')}`), 400, /cursor was given for the other order/);
    expectError(await api('/v2/runs?order=sideways'), 400, /order must be one of desc, asc/);
  });

  it('answers 400 for a cursor it did not give, and for filters it does not know', async () => {
    expectError(await api('/v2/runs?cursor=not-a-cursor'), 400, /cursor is not a cursor this service gave/);
    expectError(await api(`/v2/runs?cursor=${btoa('r1.1.2.3')}`), 400, /cursor/);
    expectError(await api('/v2/runs?status=lost'), 400, /status must be one of pending, running, succeeded, failed/);
    expectError(await api('/v2/runs?limit=0'), 400, /limit must be an integer from 1 to 200/);
    expectError(await api('/v2/runs?from=yesterday'), 400, /from must be an ISO 8601 date-time/);
    expectError(await api('/v2/runs?flow=-1'), 400, BAD_REQUEST);
    expectError(await api('/v2/runs?from=2019-02-01T00:00:00Z&to=2019-01-01T00:00:00Z'), 400, /to must be after from/);
  });
});

describe('GET /v2/run-changes', () => {
  it('names the flow of a run started elsewhere, and no other', async () => {
    const first = expectWrapped(await api('/v2/run-changes')) as { changed: { flows: number[] }; next: string };
    expect(first.changed.flows).toEqual([]);
    const started = await createFlow(api, source.id, destination.id, { displayName: 'Started elsewhere' });
    const quiet = await createFlow(api, source.id, destination.id, { displayName: 'Quiet' });
    expectStatus(await api(`/v2/flows/${String(started.id)}/run`, { method: 'POST' }), 201);
    const later = expectWrapped(await api(`/v2/run-changes?since=${encodeURIComponent(first.next)}`)) as {
      changed: { flows: number[]; workflows: number[] };
      active: { flows: number[] };
      next: string;
    };
    expect(later.changed.flows).toContain(started.id);
    expect(later.changed.flows).not.toContain(quiet.id);
    expect(later.next).not.toBe(first.next);
    expectError(await api('/v2/run-changes?since=bogus'), 400, /since is not a cursor this service gave/);
  });
});

/** A cursor taken once nothing runs: the runs the tests above started have ended, and no row written above ends in the future. */
async function quietCursor(): Promise<string> {
  await sql(`UPDATE run_attempts SET completed_at = created_at WHERE completed_at > now()`);
  await sql(`UPDATE workflow_runs SET completed_at = created_at WHERE completed_at > now()`);
  let quietStart = expectWrapped(await api('/v2/run-changes')) as { next: string; active: { flows: number[]; workflows: number[] } };
  while (quietStart.active.flows.length + quietStart.active.workflows.length > 0) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    quietStart = expectWrapped(await api('/v2/run-changes')) as typeof quietStart;
  }
  await new Promise((resolve) => setTimeout(resolve, 500));
  quietStart = expectWrapped(await api('/v2/run-changes')) as typeof quietStart;
  return encodeURIComponent(quietStart.next);
}

describe('GET /v2/run-changes?wait=', () => {
  it('answers a read held for the longest wait, the one the dashboard asks for: its connection is not cut as idle', { timeout: 60_000 }, async () => {
    const since = await quietCursor();
    const waited = Date.now();
    expectWrapped(await api(`/v2/run-changes?since=${since}&wait=${String(MAX_CHANGES_WAIT_SECONDS)}`));
    expect(Date.now() - waited).toBeGreaterThanOrEqual(MAX_CHANGES_WAIT_SECONDS * 1000 - 100);
  });

  it('holds the answer while nothing changes, and answers as soon as a run starts', async () => {
    const since = await quietCursor();
    const waited = Date.now();
    expectWrapped(await api(`/v2/run-changes?since=${since}&wait=2`));
    expect(Date.now() - waited).toBeGreaterThanOrEqual(1_900);

    const flow = await createFlow(api, source.id, destination.id, { displayName: 'Woken' });
    const before = expectWrapped(await api('/v2/run-changes')) as { next: string };
    const asked = Date.now();
    const pending = api(`/v2/run-changes?since=${encodeURIComponent(before.next)}&wait=15`);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expectStatus(await api(`/v2/flows/${String(flow.id)}/run`, { method: 'POST' }), 201);
    const woken = expectWrapped(await pending) as { changed: { flows: number[] } };
    expect(woken.changed.flows).toContain(flow.id);
    expect(Date.now() - asked).toBeLessThan(6_000);
    expectError(await api('/v2/run-changes?wait=99'), 400, /wait must be an integer from 0 to 20/);
  });

  it('stops waiting when the client goes away', async () => {
    const { next } = expectWrapped(await api('/v2/run-changes')) as { next: string };
    const reads = changeReads.length;
    const leaving = new AbortController();
    const held = fetch(`${service.url}/v2/run-changes?since=${encodeURIComponent(next)}&wait=20`, {
      headers: { authorization: `Bearer ${service.keys.team}` },
      signal: leaving.signal,
    }).catch(() => 'gone');
    await new Promise((resolve) => setTimeout(resolve, 500));
    leaving.abort();
    expect(await held).toBe('gone');
    // Its read ends within a check of the client leaving, not at the 20 s deadline.
    await expect.poll(() => changeReads.slice(reads).some((read) => read.ms < 5_000), { timeout: 5_000 }).toBe(true);
  });
});

describe('workflow runs', () => {
  it('count per workflow from 1, whatever other workflows ran', async () => {
    const fresh = await createWorkflow(api, { flows: [flowB.id] }, { name: 'Fresh' });
    expectStatus(await api(`/v2/workflows/${String(fresh.id)}/run`, { method: 'POST' }), 201);
    await workflowEnded(api, fresh.id);
    const [run] = expectWrapped(await api(`/v2/workflows/${String(fresh.id)}/runs`)) as { number: number; retryOf: number | null; retryNumber: number }[];
    expect(run).toMatchObject({ number: 1, retryOf: null, retryNumber: 0 });
  });

  it('re-runs a failed run from its failed step, keeping the step that succeeded', async () => {
    const broken = await createFailingFilesDestination(api, service.filesDir);
    const failing = await createFlow(api, source.id, broken.id, { displayName: 'Broken' });
    const steps = {
      steps: [
        { id: 'load', flow: flowA.id },
        { id: 'publish', flow: failing.id, after: ['load'] },
      ],
    };
    const twoSteps = await createWorkflow(api, steps, { name: 'Two steps' });
    expectStatus(await api(`/v2/workflows/${String(twoSteps.id)}/run`, { method: 'POST' }), 201);
    const failedStatus = await workflowEnded(api, twoSteps.id);
    expect(failedStatus.disposition).toBe('failed');
    const failedRun = failedStatus.lastRun;
    const loadAttempt = failedRun?.steps.find((step) => step.id === 'load')?.attemptId;
    expect(failedRun?.steps.map((step) => step.state)).toEqual(['succeeded', 'failed']);

    const path = `/v2/workflows/${String(twoSteps.id)}/runs/${String(failedRun?.id)}/rerun`;
    expect(expectStatus(await api(path, { method: 'POST' }), 201).body).toEqual({ message: 'Created' });
    const rerun = (await workflowEnded(api, twoSteps.id)).lastRun;
    expect(rerun).toMatchObject({ number: 2, retryOf: failedRun?.id, retryNumber: 1, trigger: 'manual' });
    // The succeeded step keeps its attempt; the failed one ran again (and fails again: its destination is still broken).
    expect(rerun?.steps.find((step) => step.id === 'load')?.attemptId).toBe(loadAttempt);
    expect(rerun?.steps.find((step) => step.id === 'publish')?.attemptId).not.toBe(failedRun?.steps[1]?.attemptId);
    expect(rerun?.steps.map((step) => step.state)).toEqual(['succeeded', 'failed']);
  });

  it('refuses to re-run a run that did not fail, or one of another workflow', async () => {
    const [succeeded] = expectWrapped(await api(`/v2/workflows/${String(workflow.id)}/runs?limit=1`)) as { id: number; number: number }[];
    expectError(await api(`/v2/workflows/${String(workflow.id)}/runs/${String(succeeded?.id)}/rerun`, { method: 'POST' }), 400, /did not fail/);
    const other = await createWorkflow(api, { flows: [flowA.id] });
    expectError(await api(`/v2/workflows/${String(other.id)}/runs/${String(succeeded?.id)}/rerun`, { method: 'POST' }), 404, 'Not Found');
  });
});
