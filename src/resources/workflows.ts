import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { cancelWorkflow, deleteWorkflow, getWorkflowStatus, listWorkflows, runWorkflow } from '@/api/workflows';
import { liveScopes } from '@/lib/live-query';
import { useLiveAction } from '@/lib/use-live-action';
import { resourceKeys } from './keys';

export const workflowKeys = resourceKeys('workflows');

export const workflowQueries = {
  /** The interface has no get-workflow operation: a workflow's page reads it from this list too. */
  list: () => queryOptions({ queryKey: workflowKeys.list(), queryFn: ({ signal }) => listWorkflows({ signal }) }),
  status: (id: number) => queryOptions({ queryKey: workflowKeys.detail(id, 'status'), queryFn: ({ signal }) => getWorkflowStatus(id, { signal }) }),
};

/** Run and Cancel: whatever the answer, the workflow's status refreshes now and polls fast for a while. */
function useWorkflowAction(workflowId: number, action: () => ReturnType<typeof runWorkflow>, fallbackMessage: string) {
  return useLiveAction({ action, fallbackMessage, scopes: [liveScopes.workflow(workflowId)], refresh: [workflowQueries.status(workflowId).queryKey] });
}

export function useRunWorkflow(workflowId: number) {
  return useWorkflowAction(workflowId, () => runWorkflow(workflowId), 'Run started.');
}

export function useCancelWorkflow(workflowId: number) {
  return useWorkflowAction(workflowId, () => cancelWorkflow(workflowId), 'Cancel sent.');
}

/**
 * Deletes, then forgets the workflow everywhere: out of the list, its status and webhook triggers dropped
 * (they sit under its detail key), so nothing polls or shows it again. `onDeleted` runs in the hook, not
 * per call: the page that asked unmounts as soon as the list no longer holds the workflow.
 */
export function useDeleteWorkflow(workflowId: number, { onDeleted }: { onDeleted: () => void }) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => deleteWorkflow(workflowId),
    onSuccess: async () => {
      client.setQueryData(workflowQueries.list().queryKey, (workflows) => workflows?.filter((workflow) => workflow.id !== workflowId));
      await client.cancelQueries({ queryKey: workflowKeys.detail(workflowId) });
      client.removeQueries({ queryKey: workflowKeys.detail(workflowId) });
      onDeleted();
    },
  });
}
