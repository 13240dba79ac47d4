import { type QueryClient, type QueryKey, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { listAttemptLogs, type LogLine, MAX_LOG_PAGE_LIMIT, readAllLogLines } from '@/api/attempt-logs';
import { useRefetchWhenChanged } from './follow-live';
import { flowKeys } from './flows';

// An attempt's log in the cache: the lines read so far and the cursor after them. Each fetch asks only
// for the lines after the cursor and appends them, so following a running attempt costs one small
// request a second however long its log, and a 100,000-line log arrives page after page while the
// first lines are already on screen.

export interface AttemptLogState {
  lines: LogLine[];
  /** The cursor after the last line read; undefined before the first page. */
  next: string | undefined;
  /** Lines are waiting on the service beyond those read. */
  more: boolean;
}

/** A small first page shows the first lines at once; the rest come in the largest pages the service gives. */
const FIRST_PAGE_LIMIT = 500;
/** While the attempt runs, new lines are asked for this often. */
export const LOG_FOLLOW_MS = 1_000;
/**
 * After the attempt ends, its runner still writes its last lines (how it ended, where a cancel stopped it)
 * a moment later: the log is followed this much longer after its `completedAt` (the service's clock, so
 * with room for a browser clock a few seconds off).
 */
export const LOG_AFTER_END_MS = 10_000;
/** Between the pages of a log that is already longer than one page. */
const CATCH_UP_MS = 10;

const logKey = (flowId: number, attemptId: number) => flowKeys.detail(flowId, 'attempt-log', attemptId);

async function readMore(client: QueryClient, key: QueryKey, flowId: number, attemptId: number, signal: AbortSignal): Promise<AttemptLogState> {
  const known = client.getQueryData<AttemptLogState>(key);
  const limit = known ? MAX_LOG_PAGE_LIMIT : FIRST_PAGE_LIMIT;
  const page = await listAttemptLogs(flowId, attemptId, { after: known?.next, limit }, { signal });
  // A large log grows by appending; copying the array once per page keeps each state immutable.
  return { lines: page.lines.length > 0 ? (known?.lines ?? []).concat(page.lines) : (known?.lines ?? []), next: page.next, more: page.more };
}

export const attemptLogQueries = {
  /** `followUntil`: until when (epoch ms) to keep asking for new lines every second. */
  log: (flowId: number, attemptId: number, followUntil: number) =>
    queryOptions({
      queryKey: logKey(flowId, attemptId),
      queryFn: ({ client, queryKey, signal }) => readMore(client, queryKey, flowId, attemptId, signal),
      // 100,000 lines: comparing them with the last state for structural sharing would cost more than it saves.
      structuralSharing: false,
      staleTime: Infinity,
      refetchInterval: (query) => (query.state.data?.more ? CATCH_UP_MS : Date.now() < followUntil ? LOG_FOLLOW_MS : false),
    }),
};

/** The attempt's log, followed while `live` and for a few seconds after it completed, for its last lines. */
export function useAttemptLog(flowId: number, attempt: { id: number; completedAt: string | null }, live: boolean) {
  const completedAt = attempt.completedAt === null ? NaN : Date.parse(attempt.completedAt);
  const followUntil = live ? Infinity : Number.isNaN(completedAt) ? 0 : completedAt + LOG_AFTER_END_MS;
  const options = attemptLogQueries.log(flowId, attempt.id, followUntil);
  useRefetchWhenChanged(live ? 'live' : 'ended', options.queryKey);
  return useQuery(options);
}

/** Every line of the attempt, read afresh page by page (a download: not limited to what the view has read). */
export function useReadWholeLog(flowId: number, attemptId: number) {
  return useMutation({ mutationFn: () => readAllLogLines(flowId, attemptId) });
}
