import { Badge, Loader } from '@mantine/core';
import { RUN_STATE_COLORS, runStateLabel, runStateOf, type RunStateInput } from '@/lib/run-status';

/** A run's state in words and colour; values the interface does not list are shown as they came. */
export function StatusBadge({ status, size = 'md' }: { status: RunStateInput | null | undefined; size?: 'sm' | 'md' | 'lg' }) {
  const state = runStateOf(status);
  const moving = state === 'running' || state === 'pending';
  // What a queued run waits for is a sentence (it may name a long destination): it wraps rather than widen its column.
  const wraps = state === 'pending' && Boolean(status?.waitingFor);
  return (
    <Badge
      color={RUN_STATE_COLORS[state]}
      variant={state === 'never' ? 'outline' : 'light'}
      size={size}
      // A state is a word to read whole, however narrow its column.
      miw={wraps ? undefined : 'max-content'}
      maw={wraps ? 'min(100%, 16rem)' : undefined}
      h={wraps ? 'auto' : undefined}
      radius={wraps ? 'sm' : undefined}
      styles={wraps ? { label: { whiteSpace: 'normal', textAlign: 'start' } } : undefined}
      leftSection={moving ? <Loader size={10} color={RUN_STATE_COLORS[state]} aria-hidden /> : undefined}
      style={{ textTransform: 'none', ...(wraps ? { lineHeight: 1.4, paddingBlock: 2 } : {}) }}
      title={status?.waitingFor ?? undefined}
    >
      {runStateLabel(status)}
    </Badge>
  );
}
