import { act } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { SEED } from '@/mock-service/seed';
import { renderWithClient } from '@/test/render-hook';
import { mockService } from '@/test/server';
import { webhookQueries } from './webhooks';
import { useDeleteWorkflow, workflowKeys, workflowQueries } from './workflows';

const deleted = SEED.succeedingWorkflowId;
const kept = SEED.failingWorkflowId;

/** The list, and the status and triggers of the workflow to delete and of another one. */
async function seedCache(client: ReturnType<typeof renderWithClient>['client']) {
  await client.query(workflowQueries.list());
  for (const id of [deleted, kept]) {
    await client.query(workflowQueries.status(id));
    await client.query(webhookQueries.list(id));
  }
}

describe('useDeleteWorkflow', () => {
  it('takes the workflow out of the cached list and forgets its status and triggers, then says so', async () => {
    const onDeleted = vi.fn();
    const { client, result } = renderWithClient(() => useDeleteWorkflow(deleted, { onDeleted }));
    await seedCache(client);

    await act(() => result.current.mutateAsync());

    const ids = client.getQueryData(workflowQueries.list().queryKey)?.map((workflow) => workflow.id);
    expect(ids).not.toContain(deleted);
    expect(ids).toContain(kept);
    expect(client.getQueryCache().findAll({ queryKey: workflowKeys.detail(deleted) })).toHaveLength(0);
    expect(client.getQueryCache().findAll({ queryKey: workflowKeys.detail(kept) })).toHaveLength(2);
    expect(onDeleted).toHaveBeenCalledOnce();
  });

  it('changes nothing cached when the service refuses', async () => {
    const onDeleted = vi.fn();
    const { client, result } = renderWithClient(() => useDeleteWorkflow(deleted, { onDeleted }));
    await seedCache(client);
    mockService.failNext('deleteWorkflow', { status: 403, message: 'Your current plan does not support workflows.' });

    await act(() => result.current.mutateAsync().catch(() => undefined));

    expect(client.getQueryData(workflowQueries.list().queryKey)?.map((workflow) => workflow.id)).toContain(deleted);
    expect(client.getQueryCache().findAll({ queryKey: workflowKeys.detail(deleted) })).toHaveLength(2);
    expect(onDeleted).not.toHaveBeenCalled();
  });
});
