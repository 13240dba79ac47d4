import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Workflow } from '@/api/workflows';
import { deleteWorkflow } from '@/api/workflows';
import { workflowQueries } from '@/lib/queries/workflow-queries';

/** Deletes, then forgets the workflow everywhere: out of the list, its status and triggers dropped. */
export function useDeleteWorkflow(workflowId: number, onDeleted: () => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => deleteWorkflow(workflowId),
    onSuccess: async () => {
      client.setQueryData(workflowQueries.list().queryKey, (workflows: Workflow[] | undefined) => workflows?.filter((workflow) => workflow.id !== workflowId));
      await client.cancelQueries({ queryKey: workflowQueries.detail(workflowId) });
      client.removeQueries({ queryKey: workflowQueries.detail(workflowId) });
      onDeleted();
    },
  });
}
