import { Button, type ButtonProps, Group, Loader, Stack, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { type ReactNode, useId } from 'react';
import { ALLOWED, type Permission } from '@/lib/permissions';
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
  /** Whether the signed-in role may run and cancel: when not, both show disabled with the reason. */
  runPermission?: Permission;
  cancelPermission?: Permission;
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
export function ActionButton({
  unavailable,
  pending,
  onAct,
  reasonId,
  ...props
}: ButtonProps & { unavailable: boolean; pending: boolean; onAct: () => void; reasonId?: string | undefined }) {
  const inert = unavailable || pending;
  return (
    <Button
      {...props}
      data-disabled={inert || undefined}
      aria-disabled={inert || undefined}
      {...(reasonId ? { 'aria-describedby': reasonId } : {})}
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
export function RunControls({
  run,
  cancel,
  running,
  subject,
  children,
  cancelText = CANCEL_TEXT,
  runPermission = ALLOWED,
  cancelPermission = ALLOWED,
}: RunControlsProps) {
  const [confirming, confirm] = useDisclosure(false);
  const reasonIds = { run: useId(), cancel: useId() };
  const feedback = run.outcome && cancel.outcome ? null : (run.outcome ?? cancel.outcome);
  return (
    <Stack gap="xs" align="flex-end">
      <Group gap="xs" justify="flex-end">
        {/* Each sits in a span the tooltip can watch. */}
        <Tooltip
          label={runPermission.reason ?? 'A run is going: wait for it to end, or cancel it'}
          disabled={runPermission.allowed && running !== true}
          multiline
          maw={280}
        >
          <span>
            <ActionButton
              onAct={() => {
                cancel.dismiss();
                run.start();
              }}
              pending={run.isPending}
              unavailable={!runPermission.allowed || cancel.isPending || running === true}
              reasonId={runPermission.allowed ? undefined : reasonIds.run}
            >
              Run now
            </ActionButton>
          </span>
        </Tooltip>
        <Tooltip label={cancelPermission.reason ?? 'Nothing is running right now'} disabled={cancelPermission.allowed && running !== false} multiline maw={280}>
          <span>
            <ActionButton
              color="red"
              variant="light"
              onAct={confirm.open}
              pending={cancel.isPending}
              unavailable={!cancelPermission.allowed || run.isPending || running === false}
              reasonId={cancelPermission.allowed ? undefined : reasonIds.cancel}
            >
              Cancel run
            </ActionButton>
          </span>
        </Tooltip>
        {!runPermission.allowed && <VisuallyHidden id={reasonIds.run}>{runPermission.reason}</VisuallyHidden>}
        {!cancelPermission.allowed && <VisuallyHidden id={reasonIds.cancel}>{cancelPermission.reason}</VisuallyHidden>}
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
