import DataLoader from 'dataloader';
import { ApiError, isApiError } from '@/api/errors';
import { type FlowStatus, listFlowStatuses, MAX_STATUS_IDS } from '@/api/flows';

/**
 * Statuses asked at the same moment (the rows a list draws together, their polls falling due together) go as
 * one GET /v2/flow-statuses of up to 100 flows, so a list never asks once per row; once the service has
 * answered a batch, a status asked alone goes that way too. Until then a lone status goes its own way
 * (`readOne`, which knows the other kinds of service), and so does every one on a service without the batch
 * (the hosted one answers 404), from then on.
 */
export function flowStatusBatches(readOne: (id: number) => Promise<FlowStatus>): (id: number) => Promise<FlowStatus> {
  let serviceBatches: boolean | 'unknown' = 'unknown';
  const eachAlone = (ids: readonly number[]) => Promise.all(ids.map((id) => readOne(id).catch((error: unknown) => toError(error))));
  const loader = new DataLoader<number, FlowStatus>(
    async (ids) => {
      if (serviceBatches === false || (serviceBatches === 'unknown' && ids.length === 1)) return eachAlone(ids);
      try {
        const answers = new Map((await listFlowStatuses(ids)).map((answer) => [answer.id, answer]));
        serviceBatches = true;
        return await Promise.all(
          ids.map(async (id) => {
            const answer = answers.get(id);
            if (!answer) return new ApiError('not_found', undefined, { status: 404 });
            // Only a service that reports the newest attempt batches; read it alone otherwise.
            return answer.lastAttempt === undefined ? readOne(id).catch(toError) : { ...answer, lastAttempt: answer.lastAttempt };
          }),
        );
      } catch (error) {
        if (serviceBatches === true || !isApiError(error, 'not_found')) throw error;
        serviceBatches = false;
        return eachAlone(ids);
      }
    },
    // The query cache keeps the answers; the loader only gathers the asking.
    { cache: false, maxBatchSize: MAX_STATUS_IDS },
  );
  return (id) => loader.load(id);
}

const toError = (error: unknown): Error => (error instanceof Error ? error : new Error(String(error)));
