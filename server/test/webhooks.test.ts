import { createHmac } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { dataOf } from '@/api/common';
import { webhookTriggerSchema } from '@/api/webhooks';
import { createSampleFlow, createWebhook, createWorkflow, expectError, expectStatus, listAttempts, workflowEnded } from './fixtures';
import { eventually, startHarness } from './harness';

// The webhook receiver: POST to a trigger's url starts its workflow and bumps trigger_count and
// last_triggered_at; Slack's url_verification is answered, and Slack's signature checked when the
// trigger has a signing secret; an unknown webhook id is 404. No API key is involved.

const service = await startHarness();
afterAll(() => service.stop());
const { api } = service;

const { flow } = await createSampleFlow(api, { row_count: 20 });

async function trigger(workflowId: number, triggerId: number) {
  const answer = await api(`/v2/workflows/${String(workflowId)}/webhooks/${String(triggerId)}`);
  return dataOf(webhookTriggerSchema).parse(expectStatus(answer, 200).body);
}

/** POSTs to the trigger's url exactly as an outside caller would: no API key. */
function deliver(url: string, body: string, headers: Record<string, string> = {}) {
  return fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body }).then(async (response) => ({
    status: response.status,
    body: (await response.json()) as unknown,
  }));
}

function slackHeaders(secret: string, body: string, timestamp = Math.floor(Date.now() / 1000)) {
  const signature = `v0=${createHmac('sha256', secret)
    .update(`v0:${String(timestamp)}:${body}`)
    .digest('hex')}`;
  return { 'x-slack-request-timestamp': String(timestamp), 'x-slack-signature': signature };
}

describe('POST {webhook url}', () => {
  it('starts the workflow with trigger webhook and bumps trigger_count and last_triggered_at', async () => {
    const workflow = await createWorkflow(api, { flows: [flow.id] });
    const created = await createWebhook(api, workflow.id, { provider: 'generic', event_type: 'deploy' });
    expect(created).toMatchObject({ triggerCount: 0, lastTriggeredAt: null });
    const before = Date.now();
    const answer = await deliver(created.url, JSON.stringify({ event_type: 'deploy' }));
    expect(answer.status).toBe(201);
    expect(answer.body).toEqual({ message: expect.any(String) as unknown });
    expect((await workflowEnded(api, workflow.id)).disposition).toBe('succeeded');
    const attempts = await listAttempts(api, flow.id);
    expect(attempts[0]?.trigger).toBe('webhook');

    const after = await trigger(workflow.id, created.id);
    expect(after.triggerCount).toBe(1);
    expect(Date.parse(after.lastTriggeredAt ?? '')).toBeGreaterThanOrEqual(before - 1_000);
    await deliver(created.url, '{}');
    expect((await trigger(workflow.id, created.id)).triggerCount).toBe(2);
    // The run this second delivery started ends before the next test runs the same flow.
    await eventually(async () => {
      const runs = await listAttempts(api, flow.id);
      return runs.length === 2 && runs.every((attempt) => attempt.lifecycle === 'not_running') ? true : undefined;
    });
  });

  it('ignores events of another type without starting the workflow', async () => {
    const workflow = await createWorkflow(api, { flows: [flow.id] });
    const created = await createWebhook(api, workflow.id, { provider: 'generic', event_type: 'deploy' });
    const answer = await deliver(created.url, JSON.stringify({ event_type: 'rollback' }));
    expect(answer.status).toBe(200);
    const status = (await api(`/v2/workflows/${String(workflow.id)}/status`)).body as { lifecycle: string; disposition: string };
    expect(status).toMatchObject({ lifecycle: 'NOT_RUNNING', disposition: 'NONE' });
    expect((await trigger(workflow.id, created.id)).triggerCount).toBe(0);
  });

  it('answers 404 Not Found for an unknown or deleted webhook id', async () => {
    expectError(await api('/v2/webhooks/no-such-webhook', { method: 'POST', key: null, body: {} }), 404, 'Not Found');
    const workflow = await createWorkflow(api, { flows: [flow.id] });
    const created = await createWebhook(api, workflow.id);
    expectStatus(await api(`/v2/workflows/${String(workflow.id)}/webhooks/${String(created.id)}`, { method: 'DELETE' }), 200);
    expect((await deliver(created.url, '{}')).status).toBe(404);
  });
});

describe('Slack triggers', () => {
  it('answer the url_verification challenge without starting the workflow', async () => {
    const workflow = await createWorkflow(api, { flows: [flow.id] });
    const created = await createWebhook(api, workflow.id, { provider: 'slack', event_type: 'message' });
    const answer = await deliver(created.url, JSON.stringify({ type: 'url_verification', token: 't', challenge: 'abc-123' }));
    expect(answer).toEqual({ status: 200, body: { challenge: 'abc-123' } });
    expect((await trigger(workflow.id, created.id)).triggerCount).toBe(0);
  });

  it('with a signing secret, refuse requests without a valid, fresh signature (401) and accept signed ones', async () => {
    const workflow = await createWorkflow(api, { flows: [flow.id] });
    const secret = 'slack-signing-secret';
    const created = await createWebhook(api, workflow.id, { provider: 'slack', event_type: 'message', signing_secret: secret });
    const challenge = JSON.stringify({ type: 'url_verification', challenge: 'signed-challenge' });

    const unsigned = await deliver(created.url, challenge);
    expect(unsigned).toEqual({ status: 401, body: { message: 'Unauthorized' } });
    expect((await deliver(created.url, challenge, slackHeaders('wrong-secret', challenge))).status).toBe(401);
    const tampered = slackHeaders(secret, challenge);
    expect((await deliver(created.url, challenge.replace('signed', 'forged'), tampered)).status).toBe(401);
    const stale = slackHeaders(secret, challenge, Math.floor(Date.now() / 1000) - 10 * 60);
    expect((await deliver(created.url, challenge, stale)).status).toBe(401);
    expect((await trigger(workflow.id, created.id)).triggerCount).toBe(0);

    expect(await deliver(created.url, challenge, slackHeaders(secret, challenge))).toEqual({ status: 200, body: { challenge: 'signed-challenge' } });
    const event = JSON.stringify({ type: 'event_callback', event: { type: 'message', text: 'go' } });
    expect((await deliver(created.url, event, slackHeaders(secret, event))).status).toBe(201);
    expect((await workflowEnded(api, workflow.id)).disposition).toBe('succeeded');
    expect((await trigger(workflow.id, created.id)).triggerCount).toBe(1);
  });
});
