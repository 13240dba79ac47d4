import { Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { Flow, RunAttempt } from '@/api/flows';
import { ActionFeedback } from '@/components/action-feedback';
import { ButtonLink } from '@/components/button-link';
import { PermittedButton, PermittedLink } from '@/components/permitted';
import { RunControls } from '@/components/run-controls';
import { flowName } from '@/lib/flow-name';
import { useCancelFlow, useRunFlow, useSetFlowPaused } from '@/resources/flows';
import { usePermission } from '@/resources/identity';
import { CancelFlowText } from './cancel-flow-text';
import { DeleteFlowDialog } from './delete-flow-dialog';

/**
 * Run now and Cancel run of one flow (`running` null while its status is unknown or stale), then Edit,
 * Pause or Resume, and Delete (which asks first); what the service said about a pause shows below. `latest`
 * (the newest attempt, when known) lets the cancel confirmation say which tables stay and which roll back.
 */
export function FlowActions({ flow, running, latest = null }: { flow: Flow; running: boolean | null; latest?: RunAttempt | null }) {
  const pause = useSetFlowPaused(flow.id);
  const [deleting, deleteDialog] = useDisclosure(false);
  const may = {
    run: usePermission('runFlow'),
    cancel: usePermission('cancelFlow'),
    edit: usePermission('updateFlow'),
    pause: usePermission('updateFlow', { pause: true }),
    remove: usePermission('deleteFlow'),
  };
  const feedback = pause.isSuccess
    ? { kind: 'success' as const, message: pause.data.paused ? 'Paused: no scheduled runs until you resume it.' : 'Resumed: it runs on its schedule again.' }
    : pause.isError
      ? { kind: 'error' as const, error: pause.error }
      : null;

  return (
    <Stack gap="xs" align="flex-end">
      <RunControls
        run={useRunFlow(flow.id)}
        cancel={useCancelFlow(flow.id)}
        running={running}
        subject={`the flow “${flowName(flow)}”`}
        cancelText={<CancelFlowText attempt={latest} />}
        runPermission={may.run}
        cancelPermission={may.cancel}
      >
        <PermittedLink
          permission={may.edit}
          variant="default"
          link={
            <ButtonLink to="/flows/$flowId/edit" params={{ flowId: String(flow.id) }} variant="default">
              Edit
            </ButtonLink>
          }
        >
          Edit
        </PermittedLink>
        <PermittedButton
          permission={may.pause}
          variant="default"
          loading={pause.isPending}
          onClick={() => {
            pause.mutate(!flow.paused);
          }}
        >
          {flow.paused ? 'Resume' : 'Pause'}
        </PermittedButton>
        <PermittedButton permission={may.remove} color="red" variant="outline" onClick={deleteDialog.open}>
          Delete
        </PermittedButton>
      </RunControls>
      <ActionFeedback
        feedback={feedback}
        onClose={() => {
          pause.reset();
        }}
      />
      <DeleteFlowDialog flow={flow} opened={deleting} onClose={deleteDialog.close} />
    </Stack>
  );
}
