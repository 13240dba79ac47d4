import { Button, Group, Stack, Text, Tooltip } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { ReactNode } from 'react';
import type { LiveAction } from '@/lib/use-live-action';
import { ActionFeedback } from './action-feedback';
import { ConfirmDialog } from './confirm-dialog';

interface RunControlsProps {
  run: LiveAction;
  cancel: LiveAction;
  /** true while a run is going, false when idle, null while the status is unknown or stale. */
  running: boolean | null;
  /** What runs, for the confirmation: `the flow “Orders”`. */
  subject: string;
  /** More buttons after Run and Cancel (a workflow's Delete). */
  children?: ReactNode;
}

/**
 * Run now and Cancel run of a flow or a workflow. Both stay on screen (a Cancel that vanishes is a peer's
 * bug), each shows its pending state, cannot be sent twice and reports what the service answered. Run now
 * waits while a run is going (the service would refuse a second one); Cancel asks first, since it throws the
 * run's work away. While the status is unknown (`running` null) both stay available and the service decides.
 */
export function RunControls({ run, cancel, running, subject, children }: RunControlsProps) {
  const [confirming, confirm] = useDisclosure(false);
  const feedback = run.outcome && cancel.outcome ? null : (run.outcome ?? cancel.outcome);
  return (
    <Stack gap="xs" align="flex-end">
      <Group gap="xs" justify="flex-end">
        {/* A disabled button gets no pointer events: each sits in a span the tooltip can watch. */}
        <Tooltip label="A run is going: wait for it to end, or cancel it" disabled={running !== true}>
          <span>
            <Button
              onClick={() => {
                cancel.dismiss();
                run.start();
              }}
              loading={run.isPending}
              disabled={cancel.isPending || running === true}
            >
              Run now
            </Button>
          </span>
        </Tooltip>
        <Tooltip label="Nothing is running right now" disabled={running !== false}>
          <span>
            <Button color="red" variant="light" onClick={confirm.open} loading={cancel.isPending} disabled={run.isPending || running === false}>
              Cancel run
            </Button>
          </span>
        </Tooltip>
        {children}
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
        title={`Cancel the run of ${subject}?`}
        confirmLabel="Cancel run"
        keepLabel="Keep running"
        pending={false}
        onClose={confirm.close}
        onConfirm={() => {
          confirm.close();
          run.dismiss();
          cancel.start();
        }}
      >
        <Text size="sm">The run stops where it is and shows as Cancelled. Rows already loaded stay in the destination.</Text>
      </ConfirmDialog>
    </Stack>
  );
}
