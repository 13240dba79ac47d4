import { Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { Workflow } from '@/api/workflows';
import { ButtonLink } from '@/components/button-link';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { PermittedButton, PermittedLink } from '@/components/permitted';
import { RunControls } from '@/components/run-controls';
import { usePermission } from '@/resources/identity';
import { useCancelWorkflow, useDeleteWorkflow, useRunWorkflow } from '@/resources/workflows';

/** Run, Cancel and Delete, each with its pending state and the service's answer; Delete asks first, naming the workflow. */
export function WorkflowActions({ workflow, running, onDeleted }: { workflow: Workflow; running: boolean | null; onDeleted: () => void }) {
  const run = useRunWorkflow(workflow.id);
  const cancel = useCancelWorkflow(workflow.id);
  const [confirming, confirm] = useDisclosure(false);
  const remove = useDeleteWorkflow(workflow.id, { onDeleted });
  const may = {
    run: usePermission('runWorkflow'),
    cancel: usePermission('cancelWorkflow'),
    edit: usePermission('updateWorkflow'),
    remove: usePermission('deleteWorkflow'),
  };

  return (
    <>
      <RunControls
        run={run}
        cancel={cancel}
        running={running}
        subject={`the workflow “${workflow.name}”`}
        runPermission={may.run}
        cancelPermission={may.cancel}
      >
        <PermittedLink
          permission={may.edit}
          variant="default"
          link={
            <ButtonLink variant="default" to="/workflows/$workflowId/edit" params={{ workflowId: String(workflow.id) }}>
              Edit
            </ButtonLink>
          }
        >
          Edit
        </PermittedLink>
        <PermittedButton
          permission={may.remove}
          color="red"
          variant="outline"
          onClick={() => {
            remove.reset();
            confirm.open();
          }}
        >
          Delete
        </PermittedButton>
      </RunControls>
      <ConfirmDialog
        opened={confirming}
        title={`Delete the workflow “${workflow.name}”?`}
        confirmLabel="Delete workflow"
        pending={remove.isPending}
        error={remove.error}
        onClose={confirm.close}
        onConfirm={() => {
          if (!remove.isPending) remove.mutate();
        }}
      >
        <Text size="sm">“{workflow.name}” and its webhook triggers will be deleted. Its flows stay. This cannot be undone.</Text>
      </ConfirmDialog>
    </>
  );
}
