import { Badge, Loader } from '@mantine/core';
import type { StepState } from '@/api/workflows';

// A step's state in a word, a symbol and a colour: never colour alone. The colours follow the run badges
// (components/status-badge.tsx): a cancel is no alarm (grey), what has not happened yet is outlined. A
// state the service knows and Flowdeck does not is shown as it came, in grey.

interface StepStateLook {
  label: string;
  color: string;
  /** Beside the word, hidden from screen readers (the word says it). */
  symbol: string;
}

const LOOKS: Record<string, StepStateLook> = {
  waiting: { label: 'Waiting', color: 'gray', symbol: '◷' },
  // Its flow attempt waits for a run slot: as a queued flow attempt reads (RUN_STATE_COLORS.pending).
  queued: { label: 'Queued', color: 'cyan', symbol: '◷' },
  running: { label: 'Running', color: 'blue', symbol: '▶' },
  succeeded: { label: 'Succeeded', color: 'green', symbol: '✓' },
  failed: { label: 'Failed', color: 'red', symbol: '✕' },
  skipped: { label: 'Skipped', color: 'yellow', symbol: '↷' },
  cancelled: { label: 'Cancelled', color: 'gray', symbol: '⊘' },
};

export function stepStateLook(state: StepState): StepStateLook {
  return LOOKS[state] ?? { label: state, color: 'gray', symbol: '?' };
}

/** `waitingFor`: why a queued step waits, the badge's title (the page says it in full beside the graph). */
export function StepStateBadge({ state, waitingFor }: { state: StepState; waitingFor?: string | null | undefined }) {
  const look = stepStateLook(state);
  return (
    <Badge
      color={look.color}
      variant={state === 'waiting' ? 'outline' : 'light'}
      size="sm"
      // A state is a word to read whole, however narrow its box.
      miw="max-content"
      style={{ textTransform: 'none', flexShrink: 0 }}
      leftSection={state === 'running' ? <Loader size={9} color={look.color} aria-hidden /> : <span aria-hidden>{look.symbol}</span>}
      title={waitingFor ?? undefined}
    >
      {look.label}
    </Badge>
  );
}
