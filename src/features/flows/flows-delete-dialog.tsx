import { List, Text } from '@mantine/core';
import type { Flow } from '@/api/flows';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { flowName } from '@/lib/flow-name';
import { WorkflowsUsingFlows } from './workflows-using-flows';

/** Names listed in the delete dialog before "and N more". */
const NAMED = 8;

interface FlowsDeleteDialogProps {
  opened: boolean;
  flows: readonly Flow[];
  pending: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/**
 * The bulk delete's confirmation, a chunk of its own (Modal, FocusTrap, List): the bar fetches it when Delete
 * is pointed at or pressed, not with the list's first rows.
 */
export function FlowsDeleteDialog({ opened, flows, pending, onConfirm, onClose }: FlowsDeleteDialogProps) {
  return (
    <ConfirmDialog
      opened={opened}
      title={flows.length === 1 && flows[0] ? `Delete the flow “${flowName(flows[0])}”?` : `Delete ${String(flows.length)} flows?`}
      confirmLabel={flows.length === 1 ? 'Delete flow' : `Delete ${String(flows.length)} flows`}
      pending={pending}
      onConfirm={onConfirm}
      onClose={onClose}
    >
      <List size="sm">
        {flows.slice(0, NAMED).map((flow) => (
          <List.Item key={flow.id}>{flowName(flow)}</List.Item>
        ))}
        {flows.length > NAMED && <List.Item>and {flows.length - NAMED} more</List.Item>}
      </List>
      <Text size="sm">Runs in progress are cancelled first. Their run history goes with them; data already loaded stays in the destinations.</Text>
      {opened && <WorkflowsUsingFlows flowIds={flows.map((flow) => flow.id)} />}
    </ConfirmDialog>
  );
}
