import { Drawer, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { RunAttempt } from '@/api/flows';
import { flowQueries } from '@/resources/flows';
import { AttemptSummary } from './attempt-summary';
import type { FlowPageSearch } from './flow-page-search';

/** One attempt in full, opened from the table; its id is in the URL, so the view can be shared. */
export function AttemptDrawer({ flowId, search, latest, onClose }: { flowId: number; search: FlowPageSearch; latest: RunAttempt | null; onClose: () => void }) {
  const page = { limit: search.limit, offset: search.offset, order: search.order };
  const { data } = useQuery(flowQueries.attempts(flowId, page));
  const attemptId = search.attempt;
  const attempt = latest && latest.id === attemptId ? latest : data?.find((candidate) => candidate.id === attemptId);
  return (
    <Drawer opened={attemptId !== undefined} onClose={onClose} position="right" size="xl" title={<Text fw={600}>Attempt #{attemptId}</Text>}>
      {attempt ? (
        <AttemptSummary attempt={attempt} />
      ) : (
        <Text c="dimmed">{data ? `Attempt #${String(attemptId)} is not on this page of attempts.` : 'Loading…'}</Text>
      )}
    </Drawer>
  );
}
