import { Button, Group, Stack, Text, Tooltip } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { Workflow } from '@/api/workflows';
import { ActionFeedback } from '@/components/action-feedback';
import { ButtonLink } from '@/components/button-link';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { useCancelWorkflow, useDeleteWorkflow, useRunWorkflow } from '@/resources/workflows';

/** Edit, Run, Cancel and Delete, each with its pending state and the service's answer; Delete asks first, naming the workflow. */
export function WorkflowActions({ workflow, running, onDeleted }: { workflow: Workflow; running: boolean | null; onDeleted: () => void }) {
  const run = useRunWorkflow(workflow.id);
  const cancel = useCancelWorkflow(workflow.id);
  const [confirming, confirm] = useDisclosure(false);
  const remove = useDeleteWorkflow(workflow.id, { onDeleted });
  const feedback = run.outcome ?? cancel.outcome;

  return (
    <Stack gap="xs" align="flex-end">
      <Group gap="xs">
        <ButtonLink variant="default" to="/workflows/$workflowId/edit" params={{ workflowId: String(workflow.id) }}>
          Edit
        </ButtonLink>
        <Button
          onClick={() => {
            cancel.dismiss();
            run.start();
          }}
          loading={run.isPending}
          disabled={cancel.isPending}
        >
          Run now
        </Button>
        <Tooltip label="Nothing is running right now" disabled={running !== false}>
          <Button
            color="red"
            variant="light"
            onClick={() => {
              run.dismiss();
              cancel.start();
            }}
            loading={cancel.isPending}
            disabled={run.isPending || running === false}
          >
            Cancel run
          </Button>
        </Tooltip>
        <Button
          color="red"
          variant="outline"
          onClick={() => {
            remove.reset();
            confirm.open();
          }}
        >
          Delete
        </Button>
      </Group>
      <ActionFeedback
        feedback={feedback}
        onClose={() => {
          run.dismiss();
          cancel.dismiss();
        }}
      />
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
    </Stack>
  );
}
