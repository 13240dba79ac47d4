import { flowStatusOf } from '@/service-rules/status';
import type { Handlers } from '../http/operations';
import type { Services } from '../services';
import { newestAttemptsOf } from '../store/flow-statuses';
import { attemptOnWire, attemptStatus } from './attempts-wire';

/**
 * Flowdeck's addition (not in the hosted profile): many flows' statuses in one request, each as getFlowStatus
 * answers it, so a list asks once for the rows in view rather than once per row.
 */
export function flowStatusHandlers({ db, profile }: Services) {
  return {
    listFlowStatuses: async ({ query }) => {
      const { flowIds, newest } = await newestAttemptsOf(db, query.ids);
      return {
        data: flowIds.map((id) => {
          const attempt = newest.get(id);
          return flowStatusOf(id, attempt && attemptStatus(attempt), attempt ? attemptOnWire(attempt, profile) : null);
        }),
      };
    },
  } satisfies Partial<Handlers>;
}
