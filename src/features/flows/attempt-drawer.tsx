import { Drawer, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import type { RunAttempt } from '@/api/flows';
import { BlockSkeleton } from '@/components/skeletons';
import { attemptLabel } from '@/lib/attempt-numbers';
import { flowQueries } from '@/resources/flows';
import type { FlowPageSearch } from './flow-page-search';
import { AttemptView } from './attempt-view';
import { HISTORY_PAGE } from './run-history-figures';

const route = getRouteApi('/_app/flows/$flowId');

export interface AttemptDrawerProps {
  flowId: number;
  /** The attempts table's page; the open attempt is read from the URL here. */
  search: Omit<FlowPageSearch, 'attempt'>;
  latest: RunAttempt | null;
  numberOf: (attempt: RunAttempt) => number | undefined;
  onClose: () => void;
}

/** One attempt in full, opened from the table; its global id is in the URL, so the view can be shared. */
export function AttemptDrawer({ flowId, search, latest, numberOf, onClose }: AttemptDrawerProps) {
  const page = { limit: search.limit, offset: search.offset, order: search.order };
  const { data } = useQuery(flowQueries.attempts(flowId, page));
  // The run history's attempts too: an attempt opened from its chart may be on another page of the table.
  const history = useQuery(flowQueries.attempts(flowId, HISTORY_PAGE)).data;
  const attemptId = route.useSearch({ select: (params) => params.attempt });
  const listed =
    latest && latest.id === attemptId
      ? latest
      : (data?.find((candidate) => candidate.id === attemptId) ?? history?.find((candidate) => candidate.id === attemptId));
  // An attempt no loaded page holds (an old bar of the timeline, a shared link) is read on its own.
  const alone = useQuery({ ...flowQueries.attempt(flowId, attemptId ?? 0), enabled: attemptId !== undefined && data !== undefined && listed === undefined });
  const attempt = listed ?? alone.data;
  return (
    <Drawer
      opened={attemptId !== undefined}
      onClose={onClose}
      // The page gives the focus back to the opener (useOpenerFocus): the table may have drawn it again meanwhile.
      returnFocus={false}
      position="right"
      size="xl"
      closeButtonProps={{ 'aria-label': 'Close the attempt' }}
      title={<Text fw={600}>{attempt ? `Attempt ${attemptLabel(numberOf(attempt))}` : 'Attempt'}</Text>}
    >
      {attempt ? (
        <AttemptView flowId={flowId} attempt={attempt} numberOf={numberOf} />
      ) : alone.isError ? (
        <Text c="dimmed">{`No attempt with id ${String(attemptId)} was found for this flow (${alone.error.message}).`}</Text>
      ) : (
        <BlockSkeleton label="Loading the attempt" rows={4} />
      )}
    </Drawer>
  );
}
