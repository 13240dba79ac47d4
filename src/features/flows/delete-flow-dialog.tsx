import { Text } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import type { Flow } from '@/api/flows';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { useDeleteFlow } from '@/resources/flows';
import { flowName } from '@/lib/flow-name';
import { WorkflowsUsingFlows } from './workflows-using-flows';

/** Delete asks first, naming the flow and the workflows that run it; on success the flows list. */
export function DeleteFlowDialog({ flow, opened, onClose }: { flow: Flow; opened: boolean; onClose: () => void }) {
  const navigate = useNavigate();
  const remove = useDeleteFlow(flow.id, { onDeleted: () => navigate({ to: '/flows' }) });
  return (
    <ConfirmDialog
      opened={opened}
      title={`Delete the flow “${flowName(flow)}”?`}
      confirmLabel="Delete flow"
      pending={remove.isPending}
      error={remove.error}
      onConfirm={() => {
        remove.mutate();
      }}
      onClose={() => {
        remove.reset();
        onClose();
      }}
    >
      <Text size="sm">A run in progress is cancelled first. Its run history goes with it; data already loaded stays in the destination.</Text>
      {opened && <WorkflowsUsingFlows flowIds={[flow.id]} />}
    </ConfirmDialog>
  );
}
