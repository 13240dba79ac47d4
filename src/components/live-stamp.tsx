import { Alert, Button, Group, Text } from '@mantine/core';
import { formatTimeAgo } from '@/lib/format';
import { useNow } from '@/lib/use-now';

interface LiveStampProps {
  /** When the data on screen was fetched (React Query's dataUpdatedAt); 0 before the first answer. */
  updatedAt: number;
  /** The last refresh failed (the data on screen is what came before it). */
  error: Error | null;
  isFetching: boolean;
  onRetry?: () => void;
}

/**
 * "Updated 3 s ago", counting; when a refresh fails, a warning that the data is stale while the last good
 * data stays on screen (a run must never look "Running" forever without saying so).
 */
export function LiveStamp({ updatedAt, error, isFetching, onRetry }: LiveStampProps) {
  const now = useNow(1_000, Date.now);
  const age = updatedAt > 0 ? formatTimeAgo(updatedAt, now) : null;
  if (error && updatedAt > 0) {
    return (
      <Alert color="yellow" variant="light" role="alert" title="Not up to date" py="xs">
        <Group gap="xs" justify="space-between">
          <Text size="sm">
            Refreshing failed ({error.message}). Showing what was true {age}; Flowdeck keeps trying.
          </Text>
          {onRetry && (
            <Button size="compact-xs" variant="light" onClick={onRetry} loading={isFetching}>
              Refresh now
            </Button>
          )}
        </Group>
      </Alert>
    );
  }
  return (
    <Text size="xs" c="dimmed" role="status" aria-live="off">
      {age ? `Live · updated ${age}` : 'Loading…'}
    </Text>
  );
}
