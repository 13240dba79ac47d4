import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { RunAttempt } from '@/api/flows';
import type { WorkflowRun } from '@/api/workflows';
import { attemptEnded, createFilesDestination, createFlow, createSampleSource, createWorkflow, expectStatus, listAttempts, workflowEnded } from './fixtures';
import { createTestDatabase, eventually, type Harness, startHarness } from './harness';

// Issue 31, concurrency limits: FLOWDECK_MAX_RUNS bounds the flow attempts executing at once across the
// service, a destination's maxConcurrentRuns those loading into it. A run that must wait is PENDING, says
// for what, keeps its place, starts by itself when a slot frees, and can be cancelled without ever starting.

const database = await createTestDatabase();
// One data folder for the service and the one that restarts on it below, as a restart keeps its folder; removed at the end.
const dataDir = mkdtempSync(join(tmpdir(), 'flowdeck-run-limits-'));
const secretKey = 'run-limits-test-key';
let one: Harness = await startHarness({ database, dataDir, secretKey, env: { FLOWDECK_MAX_RUNS: '1' } });
afterAll(async () => {
  await one.stop();
  await database.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Runs for about 3 s (300 rows at 100 a second). */
const SLOW = { row_count: 300, rows_per_second: 100 };

async function flowsOf(harness: Harness, count: number, properties: Record<string, number>, destinationId?: number) {
  const source = await createSampleSource(harness.api, properties);
  const destination = destinationId ?? (await createFilesDestination(harness.api)).id;
  return Promise.all(Array.from({ length: count }, (_, index) => createFlow(harness.api, source.id, destination, { displayName: `Flow ${String(index)}` })));
}

const run = async (harness: Harness, flowId: number) => {
  expectStatus(await harness.api(`/v2/flows/${String(flowId)}/run`, { method: 'POST' }), 201);
};

/** The flow's latest attempt once `condition` holds for it. */
const latestWhen = (harness: Harness, flowId: number, condition: (attempt: RunAttempt) => boolean, what: string) =>
  eventually(
    async () => {
      const [latest] = await listAttempts(harness.api, flowId, '?limit=1');
      return latest && condition(latest) ? latest : undefined;
    },
    20_000,
    what,
  );

const queued = (harness: Harness, flowId: number, waitingFor: string) =>
  latestWhen(harness, flowId, (attempt) => attempt.lifecycle === 'pending' && attempt.waitingFor === waitingFor, `flow ${String(flowId)}: ${waitingFor}`);

/** When the service's worker took each attempt (null: never). */
async function claimedAt(harness: Harness, attemptIds: number[]): Promise<Map<number, Date | null>> {
  const rows = await harness.sql<{ id: number; claimed_at: Date | null }>('SELECT id, claimed_at FROM run_attempts WHERE id = ANY($1::int[])', [attemptIds]);
  return new Map(rows.map((row) => [row.id, row.claimed_at]));
}

describe('the service-wide limit', () => {
  it('queues a second run while one executes, says why, and starts it when the first ends', async () => {
    const [first, second] = await flowsOf(one, 2, SLOW);
    if (!first || !second) throw new Error('two flows');
    await run(one, first.id);
    await latestWhen(one, first.id, (attempt) => attempt.lifecycle === 'running', 'the first run to start');
    await run(one, second.id);
    const waiting = await queued(one, second.id, '1 run ahead for the service limit');
    const status = expectStatus(await one.api(`/v2/flows/${String(second.id)}/status`), 200).body as { lifecycle: string };
    expect(status.lifecycle).toBe('PENDING');
    // The Runs list says so too.
    const pending = expectStatus(await one.api(`/v2/runs?status=pending&flow=${String(second.id)}`), 200).body as { data: unknown[] };
    expect(pending.data).toEqual([expect.objectContaining({ id: waiting.id, lifecycle: 'pending', waitingFor: '1 run ahead for the service limit' })]);
    // Asked again while it waits: refused, as while it runs.
    expectStatus(await one.api(`/v2/flows/${String(second.id)}/run`, { method: 'POST' }), 400);

    const firstEnded = await attemptEnded(one.api, first.id);
    const secondEnded = await attemptEnded(one.api, second.id);
    expect(secondEnded).toMatchObject({ id: waiting.id, disposition: 'succeeded', waitingFor: null });
    const claims = await claimedAt(one, [secondEnded.id]);
    expect(claims.get(secondEnded.id)?.getTime()).toBeGreaterThanOrEqual(Date.parse(firstEnded.completedAt ?? '') - 1);
  });

  it('keeps each queued run in its place: first asked, first started', async () => {
    const [head] = await flowsOf(one, 1, SLOW);
    const quick = await flowsOf(one, 3, { row_count: 10 });
    if (!head) throw new Error('a flow');
    await run(one, head.id);
    await latestWhen(one, head.id, (attempt) => attempt.lifecycle === 'running', 'the first run to start');
    for (const flow of quick) await run(one, flow.id);
    const waiting = [];
    for (const [index, flow] of quick.entries()) {
      waiting.push(await queued(one, flow.id, `${String(index + 1)} ${index === 0 ? 'run' : 'runs'} ahead for the service limit`));
    }
    for (const flow of quick) expect((await attemptEnded(one.api, flow.id)).disposition).toBe('succeeded');
    const claims = await claimedAt(
      one,
      waiting.map((attempt) => attempt.id),
    );
    const order = waiting.map((attempt) => claims.get(attempt.id)?.getTime() ?? Number.NaN);
    expect(order).toEqual([...order].sort((a, b) => a - b));
  });

  it('cancels a queued run without it ever starting', async () => {
    const [busy, waiting] = await flowsOf(one, 2, SLOW);
    if (!busy || !waiting) throw new Error('two flows');
    await run(one, busy.id);
    await latestWhen(one, busy.id, (attempt) => attempt.lifecycle === 'running', 'the first run to start');
    await run(one, waiting.id);
    const queuedAttempt = await queued(one, waiting.id, '1 run ahead for the service limit');
    expectStatus(await one.api(`/v2/flows/${String(waiting.id)}/cancel`, { method: 'POST' }), 200);
    await attemptEnded(one.api, busy.id);
    // The slot freed: a second later the cancelled run has still not started.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const attempts = await listAttempts(one.api, waiting.id);
    expect(attempts).toHaveLength(1);
    expect(attempts[0]).toMatchObject({ id: queuedAttempt.id, lifecycle: 'not_running', disposition: 'failed', errors: ['Cancelled by user.'] });
    expect((await claimedAt(one, [queuedAttempt.id])).get(queuedAttempt.id)).toBeNull();
  });

  it("counts a workflow's steps: a step waits for a slot like any run", async () => {
    const [busy, step] = await flowsOf(one, 2, { row_count: 200, rows_per_second: 100 });
    if (!busy || !step) throw new Error('two flows');
    const workflow = await createWorkflow(one.api, { steps: [{ id: 'only', flow: step.id, after: [] }] });
    await run(one, busy.id);
    await latestWhen(one, busy.id, (attempt) => attempt.lifecycle === 'running', 'the first run to start');
    expectStatus(await one.api(`/v2/workflows/${String(workflow.id)}/run`, { method: 'POST' }), 201);
    const stepAttempt = await queued(one, step.id, '1 run ahead for the service limit');
    expect(stepAttempt.trigger).toBe('workflow');
    // The run's step says so too: queued, not running, with why, and not started.
    const runs = expectStatus(await one.api(`/v2/workflows/${String(workflow.id)}/runs`), 200).body as { data: WorkflowRun[] };
    expect(runs.data[0]?.steps).toEqual([
      expect.objectContaining({ id: 'only', state: 'queued', attemptId: stepAttempt.id, waitingFor: '1 run ahead for the service limit', startedAt: null }),
    ]);
    expect((await workflowEnded(one.api, workflow.id)).disposition).toBe('succeeded');
  });

  it('keeps queued runs queued across a restart, and starts them after', async () => {
    const [busy, waiting] = await flowsOf(one, 2, SLOW);
    if (!busy || !waiting) throw new Error('two flows');
    await run(one, busy.id);
    await latestWhen(one, busy.id, (attempt) => attempt.lifecycle === 'running', 'the first run to start');
    await run(one, waiting.id);
    const queuedAttempt = await queued(one, waiting.id, '1 run ahead for the service limit');
    await one.stop();
    one = await startHarness({ database, secretKey, dataDir, env: { FLOWDECK_MAX_RUNS: '1' } });
    // The run that was executing was interrupted by the stop; the queued one never started, and now runs.
    expect(await attemptEnded(one.api, waiting.id)).toMatchObject({ id: queuedAttempt.id, disposition: 'succeeded' });
  });
});

describe("a destination's limit", () => {
  const wide = startHarness({ env: { FLOWDECK_MAX_RUNS: '8' } });
  afterAll(async () => {
    await (await wide).stop();
  });

  it('holds back runs into that destination only', async () => {
    const harness = await wide;
    const warehouse = await createFilesDestination(harness.api, 'warehouse', 'Warehouse');
    expectStatus(await harness.api(`/v2/destinations/${String(warehouse.id)}`, { method: 'PATCH', body: { maxConcurrentRuns: 1 } }), 200);
    const [first, second, third] = await flowsOf(harness, 3, SLOW, warehouse.id);
    const [elsewhere] = await flowsOf(harness, 1, SLOW);
    if (!first || !second || !third || !elsewhere) throw new Error('four flows');
    await run(harness, first.id);
    await latestWhen(harness, first.id, (attempt) => attempt.lifecycle === 'running', 'the first run to start');
    await run(harness, second.id);
    await run(harness, third.id);
    await queued(harness, second.id, '1 run ahead for “Warehouse”');
    await queued(harness, third.id, '2 runs ahead for “Warehouse”');
    // Another destination's run is not held back by Warehouse's queue.
    await run(harness, elsewhere.id);
    await latestWhen(harness, elsewhere.id, (attempt) => attempt.lifecycle === 'running' && attempt.waitingFor === null, 'a run elsewhere to start');
    for (const flow of [first, second, third]) expect((await attemptEnded(harness.api, flow.id, 60_000)).disposition).toBe('succeeded');
    // One at a time into Warehouse: each started once the one before had ended.
    const rows = await harness.sql<{ claimed_at: Date; completed_at: Date }>(
      'SELECT claimed_at, completed_at FROM run_attempts WHERE flow_id = ANY($1::int[]) ORDER BY claimed_at',
      [[first.id, second.id, third.id]],
    );
    for (let index = 1; index < rows.length; index += 1) {
      expect(rows[index]?.claimed_at.getTime()).toBeGreaterThanOrEqual(rows[index - 1]?.completed_at.getTime() ?? Infinity);
    }
  });
});

describe('two instances on one database', () => {
  it('never execute more runs at once than the service-wide limit', async () => {
    const shared = await createTestDatabase();
    const env = { FLOWDECK_MAX_RUNS: '2' };
    const first = await startHarness({ database: shared, secretKey, env });
    const second = await startHarness({ database: shared, secretKey, env });
    try {
      const flows = await flowsOf(first, 6, { row_count: 100, rows_per_second: 100 });
      // Queued at once, then let through by both instances at the same moment.
      await first.sql("INSERT INTO run_attempts (flow_id, trigger, lifecycle) SELECT id, 'manual', 'pending' FROM flows WHERE id = ANY($1::int[])", [
        flows.map((flow) => flow.id),
      ]);
      await Promise.all([first.service.runs?.admitQueued(), second.service.runs?.admitQueued()]);
      let most = 0;
      const sampling = (async () => {
        for (;;) {
          const [row] = await first.sql<{ running: number; live: number }>(
            "SELECT count(*) FILTER (WHERE lifecycle = 'running') AS running, count(*) FILTER (WHERE lifecycle <> 'not_running') AS live FROM run_attempts",
          );
          most = Math.max(most, row?.running ?? 0);
          if (row?.live === 0) return;
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      })();
      for (const flow of flows) expect((await attemptEnded(first.api, flow.id, 60_000)).disposition).toBe('succeeded');
      await sampling;
      expect(most).toBe(2);
    } finally {
      await first.stop();
      await second.stop();
      await shared.drop();
    }
  });
});
