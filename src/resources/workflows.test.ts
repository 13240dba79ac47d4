import { act, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { SEED } from '@/mock-service/seed';
import { renderWithClient } from '@/test/render-hook';
import { mockService } from '@/test/server';
import { webhookQueries } from './webhooks';
import { useCreateWorkflow, useDeleteWorkflow, useSetWorkflowEnabled, workflowKeys, workflowQueries } from './workflows';

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

describe('useSetWorkflowEnabled', () => {
  const enabledOf = (client: ReturnType<typeof renderWithClient>['client'], id: number) =>
    client.getQueryData(workflowQueries.list().queryKey)?.find((workflow) => workflow.id === id)?.enabled;

  it('holds the new value in the list at once and keeps the service’s answer', async () => {
    const { client, result } = renderWithClient(() => useSetWorkflowEnabled(SEED.disabledWorkflowId));
    await client.query(workflowQueries.list());
    mockService.failNext('updateWorkflow', { delayMs: 300 });
    const saving = act(() => result.current.mutateAsync(true));
    await waitFor(() => {
      expect(enabledOf(client, SEED.disabledWorkflowId)).toBe(true);
    });
    expect(mockService.db.workflow(SEED.disabledWorkflowId)?.enabled).toBe(false);
    await saving;
    expect(enabledOf(client, SEED.disabledWorkflowId)).toBe(true);
    expect(mockService.db.workflow(SEED.disabledWorkflowId)?.enabled).toBe(true);
  });

  it('puts the old value back when the service refuses', async () => {
    const { client, result } = renderWithClient(() => useSetWorkflowEnabled(kept));
    await client.query(workflowQueries.list());
    mockService.failNext('updateWorkflow', { status: 500 });
    await act(() => result.current.mutateAsync(false).catch(() => undefined));
    expect(enabledOf(client, kept)).toBe(true);
  });
});

describe('useCreateWorkflow', () => {
  it('adds the new workflow to the cached list before onCreated runs', async () => {
    const seen: number[][] = [];
    const { client, result } = renderWithClient(() =>
      useCreateWorkflow({
        onCreated: async () => {
          seen.push(client.getQueryData(workflowQueries.list().queryKey)?.map((workflow) => workflow.id) ?? []);
          await Promise.resolve();
        },
      }),
    );
    await client.query(workflowQueries.list());
    const created = await act(() => result.current.mutateAsync({ name: 'New', definition: { steps: [{ id: 'a', flow: 1, after: [] }] } }));
    expect(seen).toEqual([[1, 2, 3, 4, created.id]]);
  });
});
