import { Alert, Group, List, Paper, Progress, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { VerificationMessage } from '@/api/destinations';
import { isApiError } from '@/api/errors';
import { ErrorState } from '@/components/error-state';
import { ALLOWED, type Permission } from '@/lib/permissions';
import { useNow } from '@/lib/use-now';
import { PermittedButton } from './permitted';

// The verification checklist of destination verify and source verify (test connection): one button,
// the 10-second bound counted down while the service checks, then each message as a checklist item.

/** The interface bounds verification at 10 s; the countdown shows that bound, the client gives up at 15 s. */
export const VERIFY_BOUND_MS = 10_000;

function Countdown({ startedAt }: { startedAt: number }) {
  const now = useNow(250, Date.now);
  const elapsed = Math.max(0, now - startedAt);
  const left = Math.ceil((VERIFY_BOUND_MS - elapsed) / 1000);
  return (
    <Stack gap={4} role="status" aria-live="polite">
      <Progress value={Math.min(100, (elapsed / VERIFY_BOUND_MS) * 100)} aria-label="Time used of the 10-second limit" />
      <Text size="sm">
        {left > 0 ? `Checking… ${String(left)} s left of the 10-second limit.` : 'The 10-second limit has passed; waiting for the service to say so.'}
      </Text>
    </Stack>
  );
}

function Checklist({ messages }: { messages: VerificationMessage[] }) {
  const errors = messages.filter((message) => message.isError).length;
  return (
    <Stack gap="xs">
      <Text fw={600} role="status">
        {messages.length === 0
          ? 'The service returned no messages.'
          : errors > 0
            ? `${String(errors)} of ${String(messages.length)} checks failed`
            : `All ${String(messages.length)} checks passed`}
      </Text>
      <List spacing="xs" aria-label="Verification results" center>
        {messages.map((message, index) => (
          <List.Item
            key={`${message.name}-${String(index)}`}
            icon={
              <ThemeIcon color={message.isError ? 'red' : 'teal'} size={20} radius="xl" aria-hidden>
                {message.isError ? '✕' : '✓'}
              </ThemeIcon>
            }
          >
            <Text size="sm">
              <Text span fw={600}>
                {message.isError ? 'Error' : 'OK'}
                {message.name ? ` · ${message.name}` : ''}:
              </Text>{' '}
              {message.message}
            </Text>
          </List.Item>
        ))}
      </List>
    </Stack>
  );
}

function CheckFailure({ error, what, notFoundMessage }: { error: unknown; what: string; notFoundMessage: string }) {
  if (isApiError(error, 'timeout')) {
    return (
      <Alert color="orange" title="Timed out" role="alert">
        The check did not finish within its 10-second limit ({error.message}). The {what} may be unreachable or slow to answer.
      </Alert>
    );
  }
  if (isApiError(error, 'not_found')) {
    return (
      <Alert color="red" title={`${what.charAt(0).toUpperCase()}${what.slice(1)} not found`} role="alert">
        {notFoundMessage}
      </Alert>
    );
  }
  return <ErrorState error={error} />;
}

export interface ConnectionCheckProps {
  /** Heading and button label: "Verify", "Test connection". */
  label: string;
  /** What is checked, in lowercase: "destination", "source". */
  what: string;
  check: () => Promise<VerificationMessage[]>;
  /** The form beside it has changes the check will not see. */
  unsavedChanges?: boolean;
  /** What a 404 means here; by default that the service no longer knows it. */
  notFoundMessage?: string;
  /** Whether the signed-in role may run the check: when not, its button shows disabled with the reason. */
  permission?: Permission;
}

/** One check at a time, with the moment it started (for the countdown). */
export function useConnectionCheck(check: () => Promise<VerificationMessage[]>) {
  const [startedAt, setStartedAt] = useState<number | null>(null);
  const run = useMutation({
    mutationFn: check,
    onMutate: () => {
      setStartedAt(Date.now());
    },
  });
  return { run, startedAt };
}

export type ConnectionCheckState = ReturnType<typeof useConnectionCheck>;

/** What the last check found: the countdown while it runs, then the checklist or why it failed. */
export function ConnectionCheckResult({
  state,
  label,
  what,
  unsavedChanges = false,
  notFoundMessage,
}: Omit<ConnectionCheckProps, 'check'> & { state: ConnectionCheckState }) {
  const { run, startedAt } = state;
  return (
    <>
      {unsavedChanges && (
        <Alert color="yellow" variant="light" title="Unsaved changes">
          {label} checks what is saved. Save your changes first to check them.
        </Alert>
      )}
      {run.isPending && startedAt !== null && <Countdown startedAt={startedAt} />}
      {run.isSuccess && <Checklist messages={run.data} />}
      {run.isError && (
        <CheckFailure
          error={run.error}
          what={what}
          notFoundMessage={notFoundMessage ?? `The service no longer knows this ${what}, so there is nothing to check.`}
        />
      )}
    </>
  );
}

export const CHECK_DESCRIPTION = 'Checks that the saved configuration is complete and that the service can connect, within 10 seconds.';

/** One check of a saved configuration: required properties, then a real connection, within 10 seconds. */
export function ConnectionCheck({ label, what, check, unsavedChanges = false, notFoundMessage, permission = ALLOWED }: ConnectionCheckProps) {
  const titleId = useId();
  const state = useConnectionCheck(check);
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={titleId}>
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h4" id={titleId}>
            {label}
          </Title>
          <PermittedButton
            permission={permission}
            onClick={() => {
              state.run.mutate();
            }}
            loading={state.run.isPending}
            variant="light"
          >
            {label}
          </PermittedButton>
        </Group>
        <Text size="sm" c="dimmed">
          {CHECK_DESCRIPTION}
        </Text>
        <ConnectionCheckResult state={state} label={label} what={what} unsavedChanges={unsavedChanges} notFoundMessage={notFoundMessage} />
      </Stack>
    </Paper>
  );
}
