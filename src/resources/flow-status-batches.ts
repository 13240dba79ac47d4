import DataLoader from 'dataloader';
import { ApiError, isApiError } from '@/api/errors';
import { type FlowStatus, flowStatusOf, getFlowStatus, listFlowStatuses, listRunAttempts, MAX_STATUS_IDS } from '@/api/flows';

/** What the status reader learns about the service, and keeps for the sign-in (src/resources/service-support.ts). */
export interface StatusSupport {
  /** Whether GET /v2/flows/{id}/status answers the newest attempt beside the status, or the attempt is read instead. */
  statusSource: 'unknown' | 'status' | 'attempts';
  /** Whether GET /v2/flow-statuses answers (Flowdeck's addition). */
  statusBatches: boolean | 'unknown';
}

/**
 * A flow's status with its newest attempt. Flowdeck's service answers both in one request; the hosted
 * service answers the status without the attempt, and a service may lack the status operation (404).
 * There the newest attempt is read instead, which carries the status too: one request either way.
 */
async function readOneStatus(support: StatusSupport, id: number): Promise<FlowStatus> {
  if (support.statusSource !== 'attempts') {
    try {
      const status = await getFlowStatus(id);
      if (status.lastAttempt !== undefined) {
        support.statusSource = 'status';
        return { ...status, lastAttempt: status.lastAttempt };
      }
    } catch (error) {
      if (support.statusSource === 'status' || !isApiError(error, 'not_found')) throw error;
    }
  }
  // A 404 here means the flow itself does not exist.
  const [latest] = await listRunAttempts(id, { limit: 1, order: 'DESC' });
  support.statusSource = 'attempts';
  return flowStatusOf(id, latest ?? null);
}

/**
 * Statuses asked at the same moment (the rows a list draws together, their polls falling due together) go as
 * one GET /v2/flow-statuses of up to 100 flows, so a list never asks once per row; once the service has
 * answered a batch, a status asked alone goes that way too. Until then a lone status goes its own way
 * (`readOneStatus`, which knows the other kinds of service), and so does every one on a service without the
 * batch (the hosted one answers 404), for as long as `support` is kept.
 */
export function flowStatusReader(support: StatusSupport): (id: number) => Promise<FlowStatus> {
  const readOne = (id: number) => readOneStatus(support, id);
  const eachAlone = (ids: readonly number[]) => Promise.all(ids.map((id) => readOne(id).catch((error: unknown) => toError(error))));
  const loader = new DataLoader<number, FlowStatus>(
    async (ids) => {
      if (support.statusBatches === false || (support.statusBatches === 'unknown' && ids.length === 1)) return eachAlone(ids);
      try {
        const answers = new Map((await listFlowStatuses(ids)).map((answer) => [answer.id, answer]));
        support.statusBatches = true;
        return await Promise.all(
          ids.map(async (id) => {
            const answer = answers.get(id);
            if (!answer) return new ApiError('not_found', undefined, { status: 404 });
            // Only a service that reports the newest attempt batches; read it alone otherwise.
            return answer.lastAttempt === undefined ? readOne(id).catch(toError) : { ...answer, lastAttempt: answer.lastAttempt };
          }),
        );
      } catch (error) {
        if (support.statusBatches === true || !isApiError(error, 'not_found')) throw error;
        support.statusBatches = false;
        return eachAlone(ids);
      }
    },
    // The query cache keeps the answers; the loader only gathers the asking.
    { cache: false, maxBatchSize: MAX_STATUS_IDS },
  );
  return (id) => loader.load(id);
}

const toError = (error: unknown): Error => (error instanceof Error ? error : new Error(String(error)));
