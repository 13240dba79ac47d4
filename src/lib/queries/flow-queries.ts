import { queryOptions } from '@tanstack/react-query';
import type { CallOptions } from '@/api/client';
import { isApiError } from '@/api/errors';
import { type FlowStatus, flowStatusOf, getFlowStatus, listFlows, listRunAttempts, type RunAttemptsParams } from '@/api/flows';

/**
 * A flow's status with its newest attempt. Flowdeck's service answers both in one request; the hosted
 * service answers the status without the attempt, and a service may lack the status operation (404).
 * There the newest attempt is read instead, which carries the status too: one request either way.
 */
let statusSource: 'unknown' | 'status' | 'attempts' = 'unknown';

async function readFlowStatus(id: number, options: CallOptions): Promise<FlowStatus> {
  if (statusSource !== 'attempts') {
    try {
      const status = await getFlowStatus(id, options);
      if (status.lastAttempt !== undefined) {
        statusSource = 'status';
        return { ...status, lastAttempt: status.lastAttempt };
      }
    } catch (error) {
      if (statusSource === 'status' || !isApiError(error, 'not_found')) throw error;
    }
  }
  // A 404 here means the flow itself does not exist.
  const [latest] = await listRunAttempts(id, { limit: 1, order: 'DESC' }, options);
  statusSource = 'attempts';
  return flowStatusOf(id, latest ?? null);
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
