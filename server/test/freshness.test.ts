import { afterAll, describe, expect, it } from 'vitest';
import { dataOf, listOf } from '@/api/common';
import { flowSchema } from '@/api/flows';
import { workflowSchema } from '@/api/workflows';
import { attemptEnded, createFilesDestination, createFlow, createSampleSource, createWorkflow, expectStatus } from './fixtures';
import { startHarness } from './harness';

// Freshness on the wire (`freshness` on flows and workflows, Flowdeck's addition) by the rule of
// src/service-rules/freshness.ts, at its edges: a run due but not started, paused, manual, never run,
// failing, cron and frequency, the grace period. Past runs are written straight into the database with
// the times each case needs.

const service = await startHarness();
afterAll(() => service.stop());
const { api, sql } = service;

const source = await createSampleSource(api, { row_count: 5 });
const destination = await createFilesDestination(api);

const freshnessOf = async (flowId: number) => {
  const flows = dataOf(listOf(flowSchema)).parse(expectStatus(await api('/v2/flows'), 200).body);
  return flows.find((flow) => flow.id === flowId)?.freshness;
};

/** A finished attempt that started `minutesAgo`. */
const pastAttempt = (flowId: number, minutesAgo: number, disposition: 'succeeded' | 'failed', errors: string[] = []) =>
  sql(
    `INSERT INTO run_attempts (flow_id, trigger, lifecycle, disposition, errors, created_at, completed_at)
     VALUES ($1, 'scheduled', 'not_running', $2, $3, now() - make_interval(mins => $4), now() - make_interval(mins => $4) + interval '1 second')`,
    [flowId, disposition, JSON.stringify(errors), minutesAgo],
  );
const createdAgo = (table: 'flows' | 'workflows', id: number, minutes: number) =>
  sql(`UPDATE ${table} SET created_at = now() - make_interval(mins => $2) WHERE id = $1`, [id, minutes]);

describe('freshness of flows', () => {
  it('is late once a frequency run is due and not started past its grace, on time within it', async () => {
    const flow = await createFlow(api, source.id, destination.id, { frequency: '1h' });
    await pastAttempt(flow.id, 65, 'succeeded');
    // Due 5 minutes ago; the grace of an hourly flow is 12 minutes.
    expect(await freshnessOf(flow.id)).toBe('on_time');
    await pastAttempt(flow.id, 200, 'succeeded');
    await sql("UPDATE run_attempts SET created_at = created_at - interval '10 minutes' WHERE flow_id = $1", [flow.id]);
    // The newest now started 75 minutes ago: due 15 minutes ago, past the 12-minute grace.
    expect(await freshnessOf(flow.id)).toBe('late');
  });

  it('reads a cron schedule in UTC', async () => {
    const flow = await createFlow(api, source.id, destination.id, { cron: '*/15 * * * *' });
    await pastAttempt(flow.id, 60, 'succeeded');
    expect(await freshnessOf(flow.id)).toBe('late');
    await pastAttempt(flow.id, 1, 'succeeded');
    expect(await freshnessOf(flow.id)).toBe('on_time');
  });

  it('is never run, then late when its first scheduled run is overdue since creation', async () => {
    const flow = await createFlow(api, source.id, destination.id, { frequency: '15m' });
    expect(await freshnessOf(flow.id)).toBe('never_run');
    await createdAgo('flows', flow.id, 30);
    expect(await freshnessOf(flow.id)).toBe('late');
  });

  it('is paused whatever its runs did, and manual without a schedule', async () => {
    const flow = await createFlow(api, source.id, destination.id, { frequency: '15m' });
    await pastAttempt(flow.id, 500, 'failed', ['boom']);
    expect(await freshnessOf(flow.id)).toBe('failing');
    expectStatus(await api(`/v2/flows/${String(flow.id)}`, { method: 'PATCH', body: { paused: true } }), 200);
    expect(await freshnessOf(flow.id)).toBe('paused');
    const manual = await createFlow(api, source.id, destination.id);
    expect(await freshnessOf(manual.id)).toBe('never_run');
    await pastAttempt(manual.id, 100_000, 'succeeded');
    expect(await freshnessOf(manual.id)).toBe('manual');
  });

  it('is failing after a failed run until a run succeeds; a cancelled run is passed over', async () => {
    const flow = await createFlow(api, source.id, destination.id, { frequency: '24h' });
    await pastAttempt(flow.id, 30, 'failed', ['Source answered HTTP 500.']);
    expect(await freshnessOf(flow.id)).toBe('failing');
    await pastAttempt(flow.id, 20, 'failed', ['Cancelled by user.']);
    expect(await freshnessOf(flow.id)).toBe('failing');
    expectStatus(await api(`/v2/flows/${String(flow.id)}/run`, { method: 'POST' }), 201);
    expect((await attemptEnded(api, flow.id)).disposition).toBe('succeeded');
    expect(await freshnessOf(flow.id)).toBe('on_time');
  });
});

describe('freshness of workflows', () => {
  it('is paused while disabled and late when its schedule is overdue', async () => {
    const flow = await createFlow(api, source.id, destination.id);
    const workflow = await createWorkflow(api, { flows: [flow.id] }, { frequency: '1h' });
    const workflowFreshness = async () =>
      dataOf(listOf(workflowSchema))
        .parse(expectStatus(await api('/v2/workflows'), 200).body)
        .find((candidate) => candidate.id === workflow.id)?.freshness;
    expect(await workflowFreshness()).toBe('never_run');
    await createdAgo('workflows', workflow.id, 90);
    expect(await workflowFreshness()).toBe('late');
    expectStatus(await api(`/v2/workflows/${String(workflow.id)}`, { method: 'PATCH', body: { enabled: false } }), 200);
    expect(await workflowFreshness()).toBe('paused');
  });
});
