import { beforeEach, describe, expect, it } from 'vitest';
import { apiError, rawCall, signIn } from '@/mock-service/api-test-helpers';
import { STARTER_API_KEY } from '@/mock-service/auth';
import { mockService } from '@/test/server';
import { createWebhookTrigger, deleteWebhookTrigger, getWebhookTrigger, listWebhookTriggers } from './webhooks';

beforeEach(() => {
  signIn();
});

describe('getWebhookTrigger', () => {
  it('reads the snake_case trigger as camelCase', async () => {
    const trigger = await getWebhookTrigger(1, 1);
    expect(trigger).toMatchObject({
      id: 1,
      webhookId: 'wh_1_message_0001',
      workflowId: 1,
      provider: 'slack',
      status: 'active',
      triggerCount: 42,
      credentialSourceId: 3,
      eventType: 'message',
      url: 'https://hooks.flowdeck.example/v2/webhooks/wh_1_message_0001',
    });
    expect(trigger.createdAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(trigger.lastTriggeredAt).not.toBeNull();
  });

  it('answers 404 for a trigger of another workflow or an unknown one', async () => {
    expect(await apiError(getWebhookTrigger(2, 1))).toMatchObject({ kind: 'not_found' });
    expect(await apiError(getWebhookTrigger(1, 99))).toMatchObject({ kind: 'not_found' });
  });

  it('answers 401 without a key and 403 on a plan without workflows', async () => {
    signIn(STARTER_API_KEY);
    expect(await apiError(getWebhookTrigger(1, 1))).toMatchObject({ kind: 'forbidden', message: 'Your current plan does not support workflows.' });
    signIn(null);
    expect(await apiError(getWebhookTrigger(1, 1))).toMatchObject({ kind: 'unauthorized' });
  });

  it('keeps unknown provider and status values', async () => {
    mockService.failNext('getWebhookTrigger', {
      body: { data: { id: 9, webhook_id: 'w', workflow_id: 1, provider: 'GitHub', url: 'https://x', status: 'Paused' } },
    });
    expect(await getWebhookTrigger(1, 9)).toMatchObject({ provider: 'github', status: 'paused', triggerCount: 0, lastTriggeredAt: null });
  });
});

describe('deleteWebhookTrigger', () => {
  it('answers { data: true } and the trigger is gone', async () => {
    const wire = await rawCall('DELETE', '/v2/workflows/1/webhooks/2');
    expect(wire).toEqual({ status: 200, body: { data: true } });
    await expect(deleteWebhookTrigger(1, 1)).resolves.toEqual({ message: null });
    expect(await apiError(getWebhookTrigger(1, 1))).toMatchObject({ kind: 'not_found', status: 404 });
  });

  it('answers 404, 403 and 401 as documented', async () => {
    expect(await apiError(deleteWebhookTrigger(1, 99))).toMatchObject({ kind: 'not_found' });
    signIn(STARTER_API_KEY);
    expect(await apiError(deleteWebhookTrigger(1, 1))).toMatchObject({ kind: 'forbidden' });
    signIn(null);
    expect(await apiError(deleteWebhookTrigger(1, 1))).toMatchObject({ kind: 'unauthorized' });
  });
});

describe('listWebhookTriggers and createWebhookTrigger (Flowdeck additions)', () => {
  it('lists the triggers of one workflow only', async () => {
    expect((await listWebhookTriggers(1)).map((trigger) => trigger.id)).toEqual([1, 2]);
    expect((await listWebhookTriggers(2)).map((trigger) => trigger.eventType)).toEqual(['message']);
  });

  it('creates a trigger in snake_case, with a signing secret only when one is given, and lists it', async () => {
    const created = await createWebhookTrigger(2, { provider: ' Slack ', eventType: 'app_mention' });
    expect(created).toMatchObject({ workflowId: 2, provider: 'slack', eventType: 'app_mention', status: 'active', triggerCount: 0, lastTriggeredAt: null });
    expect((await listWebhookTriggers(2)).map((trigger) => trigger.id)).toContain(created.id);
    await createWebhookTrigger(2, { provider: 'slack', eventType: 'message', signingSecret: 'shh' });
    expect(mockService.calls.filter((call) => call.operation === 'createWebhookTrigger')).toHaveLength(2);
  });

  it('refuses an empty event type before sending, and reports 404 where the list endpoint is absent', async () => {
    expect(await apiError(createWebhookTrigger(1, { provider: 'slack', eventType: ' ' }))).toMatchObject({ kind: 'bad_request' });
    expect(mockService.calls).toHaveLength(0);
    mockService.failNext('listWebhookTriggers', { status: 404 });
    expect(await apiError(listWebhookTriggers(1))).toMatchObject({ kind: 'not_found' });
  });
});
