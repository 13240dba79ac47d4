import { Stack } from '@mantine/core';
import { useDeferredValue } from 'react';
import type { RunAttempt } from '@/api/flows';
import { BlockSkeleton } from '@/components/skeletons';
import { AttemptLogs } from './attempt-logs/attempt-logs';
import { AttemptSummary } from './attempt-summary';

/** The attempt drawer's body: its summary and its log. */
export function AttemptView({ flowId, attempt, numberOf }: { flowId: number; attempt: RunAttempt; numberOf: (attempt: RunAttempt) => number | undefined }) {
  return (
    <Stack gap="lg">
      <AttemptSummary attempt={attempt} numberOf={numberOf} />
      <DeferredLogs flowId={flowId} attempt={attempt} />
    </Stack>
  );
}

/**
 * The log is the drawer's heavy part (a virtualised list that measures itself as it mounts): it mounts in the render
 * just after the one that shows the dialog, so the dialog and its summary appear at once and the log joins them
 * while the drawer slides in.
 */
function DeferredLogs({ flowId, attempt }: { flowId: number; attempt: RunAttempt }) {
  const ready = useDeferredValue(true, false);
  return ready ? <AttemptLogs flowId={flowId} attempt={attempt} /> : <BlockSkeleton label="Loading the log" rows={4} />;
}
