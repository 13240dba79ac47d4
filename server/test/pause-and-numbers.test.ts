import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  attemptEnded,
  BAD_REQUEST,
  createFilesDestination,
  createFlow,
  createSampleFlow,
  createSampleSource,
  createWebhook,
  createWorkflow,
  eventuallyRunning,
  expectError,
  expectStatus,
  expectWrapped,
  listAttempts,
  SLOW_SAMPLE,
  workflowEnded,
} from './fixtures';
import { eventually, startHarness } from './harness';

// Day-2 control of a flow: pause and resume (the schedule is kept but not run on; manual runs still
// work; resuming counts the next run from now), attempt numbers per flow, the triggers of workflow
// steps, and delete cancelling a running attempt.

const service = await startHarness();
afterAll(() => service.stop());
const { api, sql } = service;
const runs = service.service.runs;
if (!runs) throw new Error('The test service has no run service.');

const source = await createSampleSource(api, { row_count: 20 });
const destination = await createFilesDestination(api);

const nextRunAt = async (flowId: number) => (await sql<{ next_run_at: Date | null }>('SELECT next_run_at FROM flows WHERE id = $1', [flowId]))[0]?.next_run_at;
const makeDue = (flowId: number) => sql("UPDATE flows SET next_run_at = now() - interval '3 hours' WHERE id = $1", [flowId]);
const patch = (flowId: number, body: unknown) => api(`/v2/flows/${String(flowId)}`, { method: 'PATCH', body });
const run = (flowId: number) => api(`/v2/flows/${String(flowId)}/run`, { method: 'POST' });

describe('PATCH /v2/flows/{id} { paused }', () => {
  it('pauses and resumes, answering the flow with paused; the list shows it', async () => {
    const flow = await createFlow(api, source.id, destination.id, { frequency: '1h' });
    expect(flow.paused).toBe(false);
    expect(expectWrapped(await patch(flow.id, { paused: true }))).toMatchObject({ id: flow.id, frequency: '1h', paused: true });
    const listed = (expectWrapped(await api('/v2/flows')) as { id: number; paused: boolean }[]).find((item) => item.id === flow.id);
    expect(listed?.paused).toBe(true);
    expect(expectWrapped(await patch(flow.id, { paused: false }))).toMatchObject({ id: flow.id, frequency: '1h', paused: false });
  });

  it('answers 400 for a paused that is not a boolean, and keeps paused through other edits', async () => {
    const flow = await createFlow(api, source.id, destination.id, { frequency: '6h' });
    for (const paused of ['yes', 1, null]) expectError(await patch(flow.id, { paused }), 400, BAD_REQUEST);
    expectStatus(await patch(flow.id, { paused: true }), 200);
    expect(expectWrapped(await patch(flow.id, { displayName: 'Renamed', cron: '0 5 * * *' }))).toMatchObject({
      displayName: 'Renamed',
      cron: '0 5 * * *',
      paused: true,
    });
  });
});

describe('a paused flow', () => {
  it('keeps its schedule but is not started on it, and runs by hand', async () => {
    const flow = await createFlow(api, source.id, destination.id, { frequency: '1h' });
    expectStatus(await patch(flow.id, { paused: true }), 200);
    await makeDue(flow.id);
    await runs.tick();
    expect(await listAttempts(api, flow.id)).toEqual([]);
    // The schedule is kept as it was: still due, waiting for the resume.
    expect((await nextRunAt(flow.id))?.getTime()).toBeLessThan(Date.now());

    expectStatus(await run(flow.id), 201);
    expect(await attemptEnded(api, flow.id)).toMatchObject({ trigger: 'manual', disposition: 'succeeded' });
    await runs.tick();
    expect(await listAttempts(api, flow.id)).toHaveLength(1);
  });

  it('on resume runs next one interval from now, not the runs it missed', async () => {
    const flow = await createFlow(api, source.id, destination.id, { frequency: '1h' });
    expectStatus(await patch(flow.id, { paused: true }), 200);
    await makeDue(flow.id);
    const resumedAt = Date.now();
    expectStatus(await patch(flow.id, { paused: false }), 200);
    const next = (await nextRunAt(flow.id))?.getTime() ?? 0;
    expect(next).toBeGreaterThanOrEqual(resumedAt + 60 * 60_000 - 1_000);
    expect(next).toBeLessThanOrEqual(Date.now() + 60 * 60_000);
    await runs.tick();
    expect(await listAttempts(api, flow.id)).toEqual([]);
  });

  it('resumed on a cron runs at its next matching minute from now', async () => {
    const flow = await createFlow(api, source.id, destination.id, { cron: '* * * * *' });
    expectStatus(await patch(flow.id, { paused: true }), 200);
    await makeDue(flow.id);
    expectStatus(await patch(flow.id, { paused: false }), 200);
    const next = (await nextRunAt(flow.id))?.getTime() ?? 0;
    expect(next).toBeGreaterThan(Date.now());
    expect(next).toBeLessThanOrEqual(Date.now() + 60_000);
  });

  it('still runs as a step of a workflow: pausing stops only the flow’s own schedule', async () => {
    const flow = await createFlow(api, source.id, destination.id);
    expectStatus(await patch(flow.id, { paused: true }), 200);
    const workflow = await createWorkflow(api, { flows: [flow.id] });
    expectStatus(await api(`/v2/workflows/${String(workflow.id)}/run`, { method: 'POST' }), 201);
    expect((await workflowEnded(api, workflow.id)).disposition).toBe('succeeded');
    expect(await listAttempts(api, flow.id)).toEqual([expect.objectContaining({ trigger: 'workflow', disposition: 'succeeded' })]);
  });
});

describe('attempt numbers', () => {
  it('count #1, #2 ... per flow, whatever other flows run in between', async () => {
    const first = await createFlow(api, source.id, destination.id);
    const second = await createFlow(api, source.id, destination.id);
    for (const flowId of [first.id, second.id, first.id, first.id, second.id]) {
      expectStatus(await run(flowId), 201);
      await attemptEnded(api, flowId);
    }
    const numbers = async (flowId: number) => (await listAttempts(api, flowId, '?order=ASC')).map((attempt) => attempt.number);
    expect(await numbers(first.id)).toEqual([1, 2, 3]);
    expect(await numbers(second.id)).toEqual([1, 2]);
    const ids = (await listAttempts(api, first.id, '?order=ASC')).map((attempt) => attempt.id);
    expect(new Set(ids).size).toBe(3);
  });

  it('have no gap after racing run requests, of which one wins', async () => {
    // Slow enough to be running still when the last racing request arrives.
    const { flow } = await createSampleFlow(api, SLOW_SAMPLE);
    const answers = await Promise.all(Array.from({ length: 20 }, () => run(flow.id)));
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(1);
    expectStatus(await api(`/v2/flows/${String(flow.id)}/cancel`, { method: 'POST' }), 200);
    expectStatus(await run(flow.id), 201);
    expectStatus(await api(`/v2/flows/${String(flow.id)}/cancel`, { method: 'POST' }), 200);
    expect((await listAttempts(api, flow.id, '?order=ASC')).map((attempt) => attempt.number)).toEqual([1, 2]);
  });

  it('are unique per flow when many attempts are written at the same moment', async () => {
    const flow = await createFlow(api, source.id, destination.id);
    await Promise.all(
      Array.from({ length: 40 }, () =>
        sql("INSERT INTO run_attempts (flow_id, trigger, lifecycle, disposition) VALUES ($1, 'manual', 'not_running', 'succeeded')", [flow.id]),
      ),
    );
    const rows = await sql<{ number: number }>('SELECT number FROM run_attempts WHERE flow_id = $1 ORDER BY number', [flow.id]);
    expect(rows.map((row) => row.number)).toEqual(Array.from({ length: 40 }, (_, index) => index + 1));
  });
});

describe('triggers of workflow steps', () => {
  it('are workflow when the workflow run was started by hand or on its schedule', async () => {
    const byHand = await createFlow(api, source.id, destination.id);
    const scheduled = await createFlow(api, source.id, destination.id);
    const manualWorkflow = await createWorkflow(api, { flows: [byHand.id] });
    const scheduledWorkflow = await createWorkflow(api, { flows: [scheduled.id] }, { frequency: '6h' });
    expectStatus(await api(`/v2/workflows/${String(manualWorkflow.id)}/run`, { method: 'POST' }), 201);
    await sql("UPDATE workflows SET next_run_at = now() - interval '1 second' WHERE id = $1", [scheduledWorkflow.id]);
    await runs.tick();
    await workflowEnded(api, manualWorkflow.id);
    await workflowEnded(api, scheduledWorkflow.id);
    expect(await listAttempts(api, byHand.id)).toEqual([expect.objectContaining({ trigger: 'workflow', number: 1 })]);
    expect(await listAttempts(api, scheduled.id)).toEqual([expect.objectContaining({ trigger: 'workflow', number: 1 })]);
    // The workflow run itself keeps who started it.
    const triggers = await sql<{ trigger: string }>('SELECT trigger FROM workflow_runs WHERE workflow_id = ANY($1::int[]) ORDER BY workflow_id', [
      [manualWorkflow.id, scheduledWorkflow.id],
    ]);
    expect(triggers.map((row) => row.trigger)).toEqual(['manual', 'scheduled']);
  });

  it('are webhook when a webhook delivery started the workflow run', async () => {
    const flow = await createFlow(api, source.id, destination.id);
    const workflow = await createWorkflow(api, { flows: [flow.id] });
    const webhook = await createWebhook(api, workflow.id, { provider: 'generic', event_type: 'deploy' });
    expectStatus(await api(`/v2/webhooks/${webhook.webhookId}`, { method: 'POST', key: null, body: { event_type: 'deploy' } }), 201);
    await workflowEnded(api, workflow.id);
    expect(await listAttempts(api, flow.id)).toEqual([expect.objectContaining({ trigger: 'webhook', disposition: 'succeeded' })]);
  });
});

describe('DELETE /v2/flows/{id}', () => {
  it('cancels a running attempt first: the runner stops and leaves no partial file', async () => {
    const { flow, destination: files } = await createSampleFlow(api, { row_count: 20_000, rows_per_second: 2_000 });
    expectStatus(await run(flow.id), 201);
    await eventuallyRunning(api, flow.id, (attempt) => attempt.resources.some((resource) => resource.written > 0));
    const folder = join(service.filesDir, files.folder);
    const partials = () =>
      readdirSync(folder, { recursive: true })
        .map(String)
        .filter((file) => file.includes('.partial'));
    // A resource is being written (between two resources there is a moment without a partial file).
    await eventually(() => Promise.resolve(partials().length > 0 || undefined), 10_000, 'a partial file');

    expect(expectWrapped(await api(`/v2/flows/${String(flow.id)}`, { method: 'DELETE' }))).toBe(true);
    expect(await sql('SELECT id FROM run_attempts WHERE flow_id = $1', [flow.id])).toEqual([]);
    await new Promise((resolveWait) => setTimeout(resolveWait, 1_000));
    expect(partials()).toEqual([]);
    expectError(await api(`/v2/flows/${String(flow.id)}/run`), 404, 'Not Found');
  });

  it('leaves a workflow that names the flow; its step then fails saying the flow no longer exists', async () => {
    const kept = await createFlow(api, source.id, destination.id);
    const deleted = await createFlow(api, source.id, destination.id);
    const workflow = await createWorkflow(api, {
      steps: [
        { id: 'kept', flow: kept.id },
        { id: 'gone', flow: deleted.id },
      ],
    });
    expectStatus(await api(`/v2/flows/${String(deleted.id)}`, { method: 'DELETE' }), 200);
    const workflows = expectWrapped(await api('/v2/workflows')) as { id: number; definition: unknown }[];
    expect(workflows.find((item) => item.id === workflow.id)?.definition).toEqual({
      steps: [
        { id: 'kept', flow: kept.id },
        { id: 'gone', flow: deleted.id },
      ],
    });
    expectStatus(await api(`/v2/workflows/${String(workflow.id)}/run`, { method: 'POST' }), 201);
    const status = await workflowEnded(api, workflow.id);
    expect(status.disposition).toBe('failed');
    expect(status.errors).toContain(`Step "gone" (flow ${String(deleted.id)}) could not start: Flow ${String(deleted.id)} no longer exists.`);
    expect(await listAttempts(api, kept.id)).toEqual([expect.objectContaining({ trigger: 'workflow', disposition: 'succeeded' })]);
  });
});
