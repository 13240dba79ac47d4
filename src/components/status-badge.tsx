import { Badge, Loader } from '@mantine/core';
import { runStateLabel, runStateOf, type RunState, type RunStateInput } from '@/lib/run-status';

const colors: Record<RunState, string> = {
  running: 'blue',
  pending: 'cyan',
  succeeded: 'green',
  failed: 'red',
  never: 'gray',
  other: 'grape',
};

/** A run's state in words and colour; values the interface does not list are shown as they came. */
export function StatusBadge({ status, size = 'md' }: { status: RunStateInput | null | undefined; size?: 'sm' | 'md' | 'lg' }) {
  const state = runStateOf(status);
  const moving = state === 'running' || state === 'pending';
  return (
    <Badge
      color={colors[state]}
      variant="light"
      size={size}
      leftSection={moving ? <Loader size={10} color={colors[state]} aria-hidden /> : undefined}
      style={{ textTransform: 'none' }}
    >
      {runStateLabel(status)}
    </Badge>
  );
}
