import { afterAll, describe, expect, it } from 'vitest';
import { dataOf, listOf } from '@/api/common';
import { webhookTriggerSchema } from '@/api/webhooks';
import { workflowSchema, workflowStatusSchema } from '@/api/workflows';
import {
  matching,
  anyNumber,
  anyString,
  BAD_REQUEST,
  createSampleFlow,
  createWebhook,
  createWorkflow,
  expectError,
  expectStatus,
  expectWrapped,
  SLOW_SAMPLE,
  workflowEnded,
} from './fixtures';
import { startHarness } from './harness';

// Workflows and webhook triggers over HTTP: list, status (the one answer without a data wrapper),
// run, cancel, delete, and Flowdeck's create and update; get, delete, list and create triggers.

const service = await startHarness();
afterAll(() => service.stop());
const { api } = service;

const { source, flow } = await createSampleFlow(api);

describe('POST, PATCH /v2/workflows (additions) and GET /v2/workflows', () => {
  it('creates with 201 { data: Workflow } and lists workflows with every documented field', async () => {
    const answer = await api('/v2/workflows', {
      method: 'POST',
      body: { name: 'Nightly', description: 'All of it', definition: { flows: [flow.id] }, cron: '0 2 * * *' },
    });
    const raw = expectWrapped(answer, 201) as Record<string, unknown>;
    expect(raw).toEqual({
      id: anyNumber,
      name: 'Nightly',
      description: 'All of it',
      enabled: true,
      definition: { flows: [flow.id] },
      frequency: '',
      cron: '0 2 * * *',
      node_schemas: null,
      freshness: 'never_run',
      nextRunAt: matching(/T02:00:00\.000Z$/),
      timeZone: 'UTC',
      retries: { attempts: 0, backoff: 'fixed', delaySeconds: 60, maxDelaySeconds: 3600 },
    });
    const listed = expectWrapped(await api('/v2/workflows')) as Record<string, unknown>[];
    expect(listed.find((workflow) => workflow.id === raw.id)).toEqual(raw);
    for (const workflow of listed)
      expect(Object.keys(workflow).sort()).toEqual(
        ['cron', 'definition', 'description', 'enabled', 'frequency', 'freshness', 'id', 'name', 'nextRunAt', 'node_schemas', 'retries', 'timeZone'].sort(),
      );
    dataOf(listOf(workflowSchema)).parse({ data: listed });
  });

  it('updates a workflow: a frequency replaces the cron (an empty string)', async () => {
    const workflow = await createWorkflow(api, { flows: [flow.id] }, { cron: '0 2 * * *' });
    const raw = expectWrapped(await api(`/v2/workflows/${String(workflow.id)}`, { method: 'PATCH', body: { frequency: '12h', enabled: false } }));
    expect(raw).toMatchObject({ id: workflow.id, frequency: '12h', cron: '', enabled: false });
  });

  it('answers 400 for definitions it cannot run, unknown flows, bad schedules and extra fields; 404 for unknown ids', async () => {
    const bodies = [
      { name: 'x', definition: {} },
      { name: 'x', definition: { flows: [999_999] } },
      { name: 'x', definition: { steps: [{ id: 'a', flow: flow.id, after: ['b'] }] } },
      { name: 'x', definition: { steps: [{ id: 'a', flow: flow.id, after: ['a'] }] } },
      { name: 'x', definition: { flows: [flow.id] }, cron: 'often' },
      { name: 'x', definition: { flows: [flow.id] }, colour: 'red' },
      { definition: { flows: [flow.id] } },
    ];
    for (const body of bodies) expectError(await api('/v2/workflows', { method: 'POST', body }), 400, BAD_REQUEST);
    expectError(await api('/v2/workflows/999999', { method: 'PATCH', body: { name: 'x' } }), 404, 'Not Found');
  });
});

describe('GET /v2/workflows/{id}/status, POST run and cancel, DELETE', () => {
  it('answers the status without a data wrapper, UPPERCASE; NOT_RUNNING / NONE before any run', async () => {
    const workflow = await createWorkflow(api, { flows: [flow.id] });
    const answer = expectStatus(await api(`/v2/workflows/${String(workflow.id)}/status`), 200);
    expect(answer.body).toEqual({
      id: workflow.id,
      lifecycle: 'NOT_RUNNING',
      disposition: 'NONE',
      resources: [],
      errors: [],
      completedAt: null,
      lastRun: null,
    });
  });

  it('runs with 201 { "message": "Created" }; the status ends SUCCEEDED with the resources of its flows', async () => {
    const workflow = await createWorkflow(api, { flows: [flow.id] });
    const run = expectStatus(await api(`/v2/workflows/${String(workflow.id)}/run`, { method: 'POST' }), 201);
    expect(run.body).toEqual({ message: 'Created' });
    const status = await workflowEnded(api, workflow.id);
    expect(status.disposition).toBe('succeeded');
    const raw = (await api(`/v2/workflows/${String(workflow.id)}/status`)).body as Record<string, unknown>;
    expect(raw).toMatchObject({ lifecycle: 'NOT_RUNNING', disposition: 'SUCCEEDED', errors: [], completedAt: anyString });
    for (const resource of raw.resources as Record<string, unknown>[]) {
      expect(resource).toEqual({ name: anyString, extracted: anyNumber, analyzed: anyNumber, loaded: anyNumber, errors: [] });
    }
    expect(workflowStatusSchema.parse(raw).resources).toHaveLength(3);
  });

  it('cancels a running workflow with { data: true } and refuses a second run while one is live', async () => {
    const slow = await createSampleFlow(api, SLOW_SAMPLE);
    const workflow = await createWorkflow(api, { flows: [slow.flow.id] });
    expectStatus(await api(`/v2/workflows/${String(workflow.id)}/run`, { method: 'POST' }), 201);
    expectError(await api(`/v2/workflows/${String(workflow.id)}/run`, { method: 'POST' }), 400, /already running/);
    expect(expectWrapped(await api(`/v2/workflows/${String(workflow.id)}/cancel`, { method: 'POST' }))).toBe(true);
    const status = workflowStatusSchema.parse((await api(`/v2/workflows/${String(workflow.id)}/status`)).body);
    expect(status).toMatchObject({ lifecycle: 'not_running', disposition: 'failed' });
    expect(status.errors.join(' ')).toMatch(/cancel/i);
    // Cancel has no effect on a workflow that is not running.
    expect(expectWrapped(await api(`/v2/workflows/${String(workflow.id)}/cancel`, { method: 'POST' }))).toBe(true);
  });

  it('deletes with { data: true }; afterwards every operation on it answers 404', async () => {
    const workflow = await createWorkflow(api, { flows: [flow.id] });
    expect(expectWrapped(await api(`/v2/workflows/${String(workflow.id)}`, { method: 'DELETE' }))).toBe(true);
    const id = String(workflow.id);
    expectError(await api(`/v2/workflows/${id}/status`), 404, 'Not Found');
    expectError(await api(`/v2/workflows/${id}/run`, { method: 'POST' }), 404, 'Not Found');
    expectError(await api(`/v2/workflows/${id}/cancel`, { method: 'POST' }), 404, 'Not Found');
    expectError(await api(`/v2/workflows/${id}`, { method: 'DELETE' }), 404, 'Not Found');
  });
});

describe('webhook triggers: GET, DELETE /v2/workflows/{id}/webhooks/{webhook_trigger_id}; GET, POST …/webhooks (additions)', () => {
  it('creates with 201 and every documented field, gets, lists and deletes with { data: true }', async () => {
    const workflow = await createWorkflow(api, { flows: [flow.id] });
    const path = `/v2/workflows/${String(workflow.id)}/webhooks`;
    const created = expectWrapped(
      await api(path, { method: 'POST', body: { provider: 'slack', event_type: 'message', credential_source_id: source.id } }),
      201,
    ) as Record<string, unknown>;
    expect(created).toEqual({
      id: anyNumber,
      webhook_id: anyString,
      workflow_id: workflow.id,
      provider: 'slack',
      url: `${service.url}/v2/webhooks/${String(created.webhook_id)}`,
      status: 'active',
      trigger_count: 0,
      credential_source_id: source.id,
      created_at: anyString,
      event_type: 'message',
      last_triggered_at: null,
    });
    const got = expectWrapped(await api(`${path}/${String(created.id)}`));
    expect(got).toEqual(created);
    expect(webhookTriggerSchema.parse(got)).toMatchObject({ webhookId: created.webhook_id, triggerCount: 0 });
    expect(expectWrapped(await api(path))).toEqual([created]);
    expect(expectWrapped(await api(`${path}/${String(created.id)}`, { method: 'DELETE' }))).toBe(true);
    expectError(await api(`${path}/${String(created.id)}`), 404, 'Not Found');
    expectError(await api(`${path}/${String(created.id)}`, { method: 'DELETE' }), 404, 'Not Found');
  });

  it('answers 404 for a trigger of another workflow or an unknown workflow, 400 for bad bodies', async () => {
    const first = await createWorkflow(api, { flows: [flow.id] });
    const second = await createWorkflow(api, { flows: [flow.id] });
    const trigger = await createWebhook(api, first.id);
    expectError(await api(`/v2/workflows/${String(second.id)}/webhooks/${String(trigger.id)}`), 404, 'Not Found');
    expectError(await api(`/v2/workflows/999999/webhooks/${String(trigger.id)}`), 404, 'Not Found');
    expectError(await api('/v2/workflows/999999/webhooks'), 404, 'Not Found');
    const path = `/v2/workflows/${String(first.id)}/webhooks`;
    for (const body of [
      {},
      { provider: 'slack' },
      { provider: 'slack', event_type: 'message', credential_source_id: 999_999 },
      { provider: 'slack', event_type: 'x', extra: 1 },
    ]) {
      expectError(await api(path, { method: 'POST', body }), 400, BAD_REQUEST);
    }
  });
});
