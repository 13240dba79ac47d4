import { Alert, Button, Group, List, Paper, Progress, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { type VerificationMessage, verifyDestination } from '@/api/destinations';
import { isApiError } from '@/api/errors';
import { ErrorState } from '@/components/error-state';
import { useNow } from '@/lib/use-now';

/** The interface bounds verification at 10 s; the countdown shows that bound, the client gives up at 15 s. */
export const VERIFY_BOUND_MS = 10_000;

function Countdown({ startedAt }: { startedAt: number }) {
  const now = useNow(250);
  const elapsed = Math.max(0, now - startedAt);
  const left = Math.ceil((VERIFY_BOUND_MS - elapsed) / 1000);
  return (
    <Stack gap={4} role="status" aria-live="polite">
      <Progress value={Math.min(100, (elapsed / VERIFY_BOUND_MS) * 100)} aria-label="Time used of the 10-second limit" />
      <Text size="sm">
        {left > 0
          ? `Checking… ${String(left)} s left of the 10-second limit.`
          : 'The 10-second limit has passed; waiting for the service to say so.'}
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

function VerifyFailure({ error }: { error: unknown }) {
  if (isApiError(error, 'timeout')) {
    return (
      <Alert color="orange" title="Timed out" role="alert">
        The check did not finish within its 10-second limit ({error.message}). The destination may be unreachable or slow to answer.
      </Alert>
    );
  }
  if (isApiError(error, 'not_found')) {
    return (
      <Alert color="red" title="Destination not found" role="alert">
        The service no longer knows this destination, so there is nothing to verify.
      </Alert>
    );
  }
  return <ErrorState error={error} />;
}

/** "Verify": each message as a checklist item under a visible 10-second bound. */
export function VerifyPanel({ destinationId, unsavedChanges }: { destinationId: number; unsavedChanges: boolean }) {
  const [startedAt, setStartedAt] = useState<number | null>(null);
  const verify = useMutation({
    mutationFn: () => verifyDestination(destinationId),
    onMutate: () => {
      setStartedAt(Date.now());
    },
  });
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="verify-title">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h4" id="verify-title">
            Verify
          </Title>
          <Button onClick={() => { verify.mutate(); }} loading={verify.isPending} variant="light">
            Verify
          </Button>
        </Group>
        <Text size="sm" c="dimmed">
          Checks that the saved configuration is complete and that the service can connect, within 10 seconds.
        </Text>
        {unsavedChanges && (
          <Alert color="yellow" variant="light" title="Unsaved changes">
            Verify checks what is saved. Save your changes first to verify them.
          </Alert>
        )}
        {verify.isPending && startedAt !== null && <Countdown startedAt={startedAt} />}
        {verify.isSuccess && <Checklist messages={verify.data} />}
        {verify.isError && <VerifyFailure error={verify.error} />}
      </Stack>
    </Paper>
  );
}
