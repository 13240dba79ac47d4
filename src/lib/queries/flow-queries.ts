import { queryOptions } from '@tanstack/react-query';
import type { CallOptions } from '@/api/client';
import { isApiError } from '@/api/errors';
import { type FlowStatus, getFlowStatus, listFlows, listRunAttempts, type RunAttemptsParams } from '@/api/flows';

/** Where the service lacks Flowdeck's status endpoint, a flow's status is its newest attempt (one request either way). */
let statusEndpoint: 'unknown' | 'present' | 'absent' = 'unknown';

async function readFlowStatus(id: number, options: CallOptions): Promise<FlowStatus> {
  if (statusEndpoint !== 'absent') {
    try {
      const status = await getFlowStatus(id, options);
      statusEndpoint = 'present';
      return status;
    } catch (error) {
      if (statusEndpoint === 'present' || !isApiError(error, 'not_found')) throw error;
    }
  }
  // A 404 here means the flow itself does not exist; an answer means the status endpoint does not.
  const [latest] = await listRunAttempts(id, { limit: 1, order: 'DESC' }, options);
  statusEndpoint = 'absent';
  return { id, lifecycle: latest?.lifecycle ?? 'not_running', disposition: latest?.disposition ?? 'none', lastAttempt: latest ?? null };
}

export type AttemptsPage = Required<RunAttemptsParams>;

export const flowQueries = {
  all: () => ['flows'] as const,
  list: () => queryOptions({ queryKey: [...flowQueries.all(), 'list'], queryFn: ({ signal }) => listFlows({ signal }) }),
  /** Everything cached about one flow, for invalidation. */
  detail: (id: number) => [...flowQueries.all(), id] as const,
  status: (id: number) => queryOptions({ queryKey: [...flowQueries.detail(id), 'status'], queryFn: ({ signal }) => readFlowStatus(id, { signal }) }),
  attempts: (id: number, page: AttemptsPage) =>
    queryOptions({ queryKey: [...flowQueries.detail(id), 'attempts', page], queryFn: ({ signal }) => listRunAttempts(id, page, { signal }) }),
};
