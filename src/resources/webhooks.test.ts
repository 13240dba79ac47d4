import { act } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithClient } from '@/test/render-hook';
import { mockService } from '@/test/server';
import { useCreateWebhookTrigger, useDeleteWebhookTrigger, webhookQueries } from './webhooks';

const workflowId = 1;
const operations = () => mockService.calls.map((call) => call.operation);

describe('webhook trigger mutations', () => {
  it('useDeleteWebhookTrigger drops the trigger from the cached list and from the triggers opened by id, then reads the list again', async () => {
    const onDeleted = vi.fn();
    const { client, result } = renderWithClient(() => useDeleteWebhookTrigger(workflowId, { onDeleted }));
    const [trigger, other] = await client.query(webhookQueries.list(workflowId));
    if (!trigger || !other) throw new Error('The seed gives workflow 1 two triggers.');
    await client.query(webhookQueries.detail(workflowId, trigger.id));
    await client.query(webhookQueries.detail(workflowId, other.id));

    await act(() => result.current.mutateAsync(trigger));

    expect(client.getQueryData(webhookQueries.list(workflowId).queryKey)?.map((item) => item.id)).toEqual([other.id]);
    expect(client.getQueryData(webhookQueries.detail(workflowId, trigger.id).queryKey)).toBeUndefined();
    expect(client.getQueryData(webhookQueries.detail(workflowId, other.id).queryKey)).toEqual(other);
    expect(onDeleted).toHaveBeenCalledWith(trigger);
    expect(client.getQueryState(webhookQueries.list(workflowId).queryKey)?.isInvalidated).toBe(true);
  });

  it('useCreateWebhookTrigger reads the list again (only the service knows the new URL), leaving triggers opened by id alone', async () => {
    const onCreated = vi.fn();
    const { client, result } = renderWithClient(() => useCreateWebhookTrigger(workflowId, { onCreated }));
    const [trigger] = await client.query(webhookQueries.list(workflowId));
    if (!trigger) throw new Error('The seed gives workflow 1 triggers.');
    await client.query(webhookQueries.detail(workflowId, trigger.id));

    await act(() => result.current.mutateAsync({ provider: 'slack', eventType: 'reaction_added' }));

    expect(onCreated).toHaveBeenCalledOnce();
    expect(client.getQueryState(webhookQueries.list(workflowId).queryKey)?.isInvalidated).toBe(true);
    expect(client.getQueryState(webhookQueries.detail(workflowId, trigger.id).queryKey)?.isInvalidated).toBe(false);
    expect(operations()).toContain('createWebhookTrigger');
  });
});
