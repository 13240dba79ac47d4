import { Badge, Loader } from '@mantine/core';
import { runStateLabel, runStateOf, type RunState, type RunStateInput } from '@/lib/run-status';

const colors: Record<RunState, string> = {
  pending: 'cyan',
  running: 'blue',
  succeeded: 'green',
  failed: 'red',
  // A run the user stopped is no alarm: grey, like a run that never happened (which is outlined).
  cancelled: 'gray',
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
      variant={state === 'never' ? 'outline' : 'light'}
      size={size}
      // A state is a word to read whole, however narrow its column.
      miw="max-content"
      leftSection={moving ? <Loader size={10} color={colors[state]} aria-hidden /> : undefined}
      style={{ textTransform: 'none' }}
    >
      {runStateLabel(status)}
    </Badge>
  );
}
