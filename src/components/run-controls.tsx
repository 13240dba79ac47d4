import { Button, type ButtonProps, Group, Loader, Stack, Text, Tooltip } from '@mantine/core';
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
  /** What a cancel keeps and rolls back, for the confirmation (a flow names its tables). */
  cancelText?: ReactNode;
}

const CANCEL_TEXT = (
  <Text size="sm">
    The run stops where it is and shows as Cancelled. Tables already committed stay in the destination; each table being loaded is rolled back, and its previous
    content stays whole.
  </Text>
);

/**
 * A button that keeps the keyboard's focus while it cannot act: a `disabled` button drops focus to the page's
 * body (a keyboard user pressing Run now lost their place), so it says `aria-disabled` and ignores clicks.
 */
export function ActionButton({ unavailable, pending, onAct, ...props }: ButtonProps & { unavailable: boolean; pending: boolean; onAct: () => void }) {
  const inert = unavailable || pending;
  return (
    <Button
      {...props}
      data-disabled={inert || undefined}
      aria-disabled={inert || undefined}
      mod={{ loading: pending }}
      leftSection={pending ? <Loader size={14} color="currentColor" aria-hidden /> : undefined}
      onClick={(event) => {
        if (inert) event.preventDefault();
        else onAct();
      }}
    />
  );
}

/**
 * Run now and Cancel run of a flow or a workflow. Both stay on screen (a Cancel that vanishes is a peer's
 * bug), each shows its pending state, cannot be sent twice and reports what the service answered. Run now
 * waits while a run is going (the service would refuse a second one); Cancel asks first, since it throws the
 * run's work away. While the status is unknown (`running` null) both stay available and the service decides.
 */
export function RunControls({ run, cancel, running, subject, children, cancelText = CANCEL_TEXT }: RunControlsProps) {
  const [confirming, confirm] = useDisclosure(false);
  const feedback = run.outcome && cancel.outcome ? null : (run.outcome ?? cancel.outcome);
  return (
    <Stack gap="xs" align="flex-end">
      <Group gap="xs" justify="flex-end">
        {/* Each sits in a span the tooltip can watch. */}
        <Tooltip label="A run is going: wait for it to end, or cancel it" disabled={running !== true}>
          <span>
            <ActionButton
              onAct={() => {
                cancel.dismiss();
                run.start();
              }}
              pending={run.isPending}
              unavailable={cancel.isPending || running === true}
            >
              Run now
            </ActionButton>
          </span>
        </Tooltip>
        <Tooltip label="Nothing is running right now" disabled={running !== false}>
          <span>
            <ActionButton color="red" variant="light" onAct={confirm.open} pending={cancel.isPending} unavailable={run.isPending || running === false}>
              Cancel run
            </ActionButton>
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
        {cancelText}
      </ConfirmDialog>
    </Stack>
  );
}
