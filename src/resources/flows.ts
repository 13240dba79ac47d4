import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { readAllPages } from '@/api/all-pages';
import type { CallOptions } from '@/api/client';
import { isApiError } from '@/api/errors';
import {
  cancelFlow,
  createFlow,
  type CreateFlowInput,
  type Flow,
  type FlowStatus,
  flowStatusOf,
  getFlowStatus,
  listFlows,
  listRunAttempts,
  type RunAttempt,
  type RunAttemptsParams,
  runFlow,
} from '@/api/flows';
import { type AttemptNumbers, attemptNumberOf, numberAttempts, sentAttemptNumber } from '@/lib/attempt-numbers';
import { liveScopes } from '@/lib/live-query';
import { useLiveAction } from '@/lib/use-live-action';
import { resourceKeys } from './keys';

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

export const flowKeys = resourceKeys('flows');

export const flowQueries = {
  /** The interface has no get-flow operation: a flow's page reads it from this list too. */
  list: () => queryOptions({ queryKey: flowKeys.list(), queryFn: ({ signal }) => listFlows({ signal }) }),
  status: (id: number) => queryOptions({ queryKey: flowKeys.detail(id, 'status'), queryFn: ({ signal }) => readFlowStatus(id, { signal }) }),
  attempts: (id: number, page: AttemptsPage) =>
    queryOptions({ queryKey: flowKeys.detail(id, 'attempts', page), queryFn: ({ signal }) => listRunAttempts(id, page, { signal }) }),
  /**
   * Every attempt of the flow, oldest first, counted: keyed by the newest attempt's id, so a new run is
   * counted again once (and not on every poll). Not needed once the service sends `number`.
   */
  attemptNumbers: (id: number, newestId: number | null) =>
    queryOptions({
      queryKey: flowKeys.detail(id, 'attempt-numbers', newestId),
      queryFn: async ({ signal }): Promise<AttemptNumbers> =>
        numberAttempts(await readAllPages((page) => listRunAttempts(id, { ...page, order: 'ASC' }, { signal }))),
      staleTime: Infinity,
    }),
};

/**
 * The per-flow number of each attempt shown (#1 is the flow's first run). Counted from the flow's whole
 * history only when the service does not send the numbers itself.
 */
export function useAttemptNumbers(flowId: number, latest: RunAttempt | null): (attempt: RunAttempt) => number | undefined {
  const counting = latest !== null && sentAttemptNumber(latest) === undefined;
  const { data } = useQuery({ ...flowQueries.attemptNumbers(flowId, latest?.id ?? null), enabled: counting, placeholderData: keepPreviousData });
  return (attempt) => attemptNumberOf(attempt, data);
}

/** Creates a flow; `onCreated` runs once the cached list holds it, so the flow's page can open at once. */
export function useCreateFlow({ onCreated }: { onCreated: (flow: Flow) => Promise<void> }) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateFlowInput) => createFlow(input),
    onSuccess: async (flow) => {
      client.setQueryData(flowQueries.list().queryKey, (flows) => (flows ? [...flows, flow] : flows));
      void client.invalidateQueries({ queryKey: flowKeys.all() });
      await onCreated(flow);
    },
  });
}

/** Run and Cancel: whatever the answer, views of the flow refresh now and poll fast for a while. */
function useFlowAction(flowId: number, action: () => ReturnType<typeof runFlow>, fallbackMessage: string) {
  return useLiveAction({ action, fallbackMessage, scopes: [liveScopes.flow(flowId)], refresh: [flowKeys.detail(flowId)] });
}

export function useRunFlow(flowId: number) {
  return useFlowAction(flowId, () => runFlow(flowId), 'Run started.');
}

export function useCancelFlow(flowId: number) {
  return useFlowAction(flowId, () => cancelFlow(flowId), 'Cancel sent.');
}

/**
 * The attempt pages follow the live status: they are read again when the newest attempt changes identity
 * or state (a run starts or ends), not on every count, so the table moves without polling itself.
 */
export function useRefetchAttemptsOnNewAttempt(flowId: number, latest: RunAttempt | null) {
  const client = useQueryClient();
  const signature = latest ? `${String(latest.id)}:${latest.lifecycle}:${latest.disposition}` : 'none';
  const previous = useRef(signature);
  useEffect(() => {
    if (previous.current === signature) return;
    previous.current = signature;
    void client.invalidateQueries({ queryKey: flowKeys.detail(flowId, 'attempts') });
  }, [client, flowId, signature]);
}
