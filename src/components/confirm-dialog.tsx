import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { ErrorState } from './error-state';

interface ConfirmDialogProps {
  opened: boolean;
  /** Names what is affected, e.g. `Delete the workflow "Nightly refresh"?` */
  title: string;
  children?: ReactNode;
  confirmLabel: string;
  /** The button that leaves things as they are. */
  keepLabel?: string;
  onConfirm: () => void;
  onClose: () => void;
  pending: boolean;
  /** The failure of the last confirm, shown inside the dialog so the user can try again or cancel. */
  error?: unknown;
  /** Why it cannot be done now: shown instead of the body, and the dialog offers only OK. */
  refusal?: ReactNode;
}

/** A destructive action asks first; the dialog stays open with the server's message when it fails, or says why it cannot be done. */
export function ConfirmDialog({
  opened,
  title,
  children,
  confirmLabel,
  keepLabel = 'Keep it',
  onConfirm,
  onClose,
  pending,
  error,
  refusal,
}: ConfirmDialogProps) {
  return (
    <Modal
      opened={opened}
      onClose={pending ? () => undefined : onClose}
      title={<Text fw={600}>{title}</Text>}
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Stack>
        {refusal ?? children}
        {error && !refusal ? <ErrorState error={error} /> : null}
        <Group justify="flex-end">
          {refusal ? (
            <Button variant="default" onClick={onClose} data-autofocus>
              OK
            </Button>
          ) : (
            <>
              <Button variant="default" onClick={onClose} disabled={pending}>
                {keepLabel}
              </Button>
              <Button color="red" onClick={onConfirm} loading={pending} data-autofocus>
                {confirmLabel}
              </Button>
            </>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
