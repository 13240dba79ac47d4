import { keepPreviousData, type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { notFound } from '@tanstack/react-router';
import { useCallback } from 'react';
import { FIRST_PAGE, readAllPages } from '@/api/all-pages';
import type { CallOptions } from '@/api/client';
import { ApiError, isApiError } from '@/api/errors';
import {
  cancelFlow,
  createFlow,
  type CreateFlowInput,
  deleteFlow,
  type Flow,
  type FlowStatus,
  getFlow,
  getRunAttempt,
  listFlows,
  listRunAttempts,
  type RunAttempt,
  type RunAttemptsParams,
  runFlow,
  updateFlow,
  type UpdateFlowInput,
} from '@/api/flows';
import { type AttemptNumbers, attemptNumberOf, numberAttempts, sentAttemptNumber } from '@/lib/attempt-numbers';
import { boostLiveViews, liveScopes } from '@/lib/live-query';
import { mapLimited } from '@/lib/map-limited';
import { parseIdParam } from '@/lib/route-params';
import { watchStartedRun } from '@/lib/run-watch';
import { useLiveAction } from '@/lib/use-live-action';
import { useRefetchWhenChanged } from './follow-live';
import { resourceKeys } from './keys';
import type { RouterContext, ServiceSupport } from './service-support';

export type AttemptsPage = Required<RunAttemptsParams>;

export const flowKeys = resourceKeys('flows');
const flowKey = (id: number) => flowKeys.detail(id, 'flow');
const statusKey = (id: number) => queryOptions<FlowStatus>({ queryKey: flowKeys.detail(id, 'status') }).queryKey;

/**
 * GET /v2/flows/{id} where the service has it (Flowdeck's addition). The hosted service has not: its flow is
 * found in the whole list. Until the service has answered, a 404 means either, and the list tells which.
 */
async function readFlow(service: ServiceSupport, client: QueryClient, id: number, options: CallOptions): Promise<Flow | null> {
  if (service.flowById !== false) {
    try {
      const flow = await getFlow(id, options);
      service.flowById = true;
      return flow;
    } catch (error) {
      if (!isApiError(error, 'not_found')) throw error;
      if (service.flowById === true) return null;
    }
  }
  const flow = (await client.query({ ...flowQueries.list(), staleTime: 'static' })).find((each) => each.id === id) ?? null;
  if (flow) service.flowById = false;
  return flow;
}

export const flowQueries = {
  list: () =>
    queryOptions({
      queryKey: flowKeys.list(),
      // Page one is also the flows list's first query (below): asked at the same moment, it is read once.
      queryFn: ({ signal, client }) =>
        readAllPages((page) => (page.offset === 0 ? client.query({ ...flowQueries.firstPage(), staleTime: 0 }) : listFlows({ signal }, page))),
    }),
  /** The first page alone: the flows list draws it while the other pages are read (10,000 flows are ten pages). */
  firstPage: () => queryOptions({ queryKey: flowKeys.list(FIRST_PAGE), queryFn: ({ signal }) => listFlows({ signal }, FIRST_PAGE) }),
  /** One flow, null when there is none with that id (its routes' loader starts it from the list's copy). */
  detail: (service: ServiceSupport, id: number) =>
    // The service is not part of the key: it changes only with the sign-in, which empties the cache.
    // eslint-disable-next-line @tanstack/query/exhaustive-deps
    queryOptions({ queryKey: flowKey(id), queryFn: ({ signal, client }) => readFlow(service, client, id, { signal }) }),
  status: (service: ServiceSupport, id: number) => queryOptions({ queryKey: statusKey(id), queryFn: () => service.flowStatus(id) }),
  /** The status's key alone: reading it from the cache needs no service. */
  statusKey,
  attempts: (id: number, page: AttemptsPage) =>
    queryOptions({ queryKey: flowKeys.detail(id, 'attempts', page), queryFn: ({ signal }) => listRunAttempts(id, page, { signal }) }),
  /** One attempt by its id: a link to an attempt that no loaded page of attempts holds (an old bar of the timeline). */
  attempt: (id: number, attemptId: number) =>
    queryOptions({ queryKey: flowKeys.detail(id, 'attempt', attemptId), queryFn: ({ signal }) => getRunAttempt(id, attemptId, { signal }) }),
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
  // One function while the numbers stay the same, so memoised views of the attempts skip an unrelated render.
  return useCallback((attempt: RunAttempt) => attemptNumberOf(attempt, data), [data]);
}

/**
 * The number in its flow of the attempt a retry retries, read alone (no loaded page may hold it; it has ended, so
 * it stays as read); undefined for a first try and while it is read.
 */
export function useRetriedNumber(attempt: RunAttempt, numberOf: (attempt: RunAttempt) => number | undefined): number | undefined {
  const retryOf = attempt.retryOf;
  const retried = useQuery({ ...flowQueries.attempt(attempt.flow, retryOf ?? 0), enabled: retryOf !== null, staleTime: Infinity });
  return retryOf !== null && retried.data ? numberOf(retried.data) : undefined;
}

/**
 * The loader of a flow's routes (its page, its edit page): reads the flow alone, or takes it from the flows
 * list when that is cached (opened from the list); an id the service does not know is a flow that does not exist.
 */
export async function loadFlowRoute({ queryClient, service }: RouterContext, rawId: string): Promise<{ flowId: number }> {
  const flowId = parseIdParam(rawId);
  const list = queryClient.getQueryState(flowQueries.list().queryKey);
  const listed = list?.data?.find((flow) => flow.id === flowId);
  if (listed && list && queryClient.getQueryData(flowKey(flowId)) === undefined) {
    queryClient.setQueryData<Flow | null>(flowKey(flowId), listed, { updatedAt: list.dataUpdatedAt });
  }
  const flow = await queryClient.query({ ...flowQueries.detail(service, flowId), staleTime: 'static' });
  if (!flow) throw notFound();
  return { flowId };
}

/**
 * The flows list's loader: starts reading every flow and waits only for the first page (or for nothing when
 * the whole list is cached), so the first rows show while the other pages arrive.
 */
export async function loadFlowsList(client: QueryClient): Promise<void> {
  const all = client.query({ ...flowQueries.list(), staleTime: 'static' });
  // A later page that fails is the list's to show (it keeps the first page on screen), not the route's.
  all.catch(() => undefined);
  await Promise.race([all, client.query({ ...flowQueries.firstPage(), staleTime: 'static' })]);
}

/** Creates a flow; `onCreated` runs once the cached list holds it, so the flow's page can open at once. */
export function useCreateFlow({ onCreated }: { onCreated: (flow: Flow) => Promise<void> }) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateFlowInput) => createFlow(input),
    onSuccess: async (flow) => {
      client.setQueryData(flowQueries.list().queryKey, (flows) => (flows ? [...flows, flow] : flows));
      client.setQueryData<Flow | null>(flowKey(flow.id), flow);
      void client.invalidateQueries({ queryKey: flowKeys.all() });
      await onCreated(flow);
    },
  });
}

/** The cached list and flow with one flow as the service now answers it. */
function putFlow(client: QueryClient, flow: Flow) {
  client.setQueryData(flowQueries.list().queryKey, (flows) => flows?.map((each) => (each.id === flow.id ? flow : each)));
  client.setQueryData<Flow | null>(flowKey(flow.id), flow);
}

/** A deleted flow leaves the list, and nothing cached about it lingers (its status, its attempts). */
function forgetFlow(client: QueryClient, id: number) {
  client.setQueryData(flowQueries.list().queryKey, (flows) => flows?.filter((each) => each.id !== id));
  client.removeQueries({ queryKey: flowKeys.detail(id) });
}

/** Saves an edit; a refused save leaves the form alone (the caller shows `error`). */
export function useUpdateFlow(flowId: number, { onSaved }: { onSaved: (flow: Flow) => Promise<void> }) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateFlowInput) => updateFlow(flowId, input),
    onSuccess: async (flow) => {
      putFlow(client, flow);
      void client.invalidateQueries({ queryKey: flowKeys.list() });
      await onSaved(flow);
    },
  });
}

/**
 * Pause or resume. A service without pausing (the hosted one) refuses `paused`, or might ignore it: an
 * answer that is not in the asked state is a refusal too, so the screen never claims what did not happen.
 */
async function setPaused(id: number, paused: boolean): Promise<Flow> {
  const flow = await updateFlow(id, { paused });
  if (flow.paused !== paused) throw new ApiError('bad_request', 'This service does not pause flows.');
  return flow;
}

export function useSetFlowPaused(flowId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (paused: boolean) => setPaused(flowId, paused),
    onSuccess: (flow) => {
      putFlow(client, flow);
    },
    onSettled: () => client.invalidateQueries({ queryKey: flowKeys.list() }),
  });
}

/**
 * Deletes a flow (the service cancels a running attempt first). `onDeleted` leaves its page before the
 * cache forgets it, so the page never shows a flow that is not found.
 */
export function useDeleteFlow(flowId: number, { onDeleted }: { onDeleted: () => Promise<void> }) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => deleteFlow(flowId),
    onSuccess: async () => {
      await onDeleted();
      forgetFlow(client, flowId);
      void client.invalidateQueries({ queryKey: flowKeys.list() });
    },
  });
}

export const BULK_FLOW_ACTIONS = ['run', 'pause', 'resume', 'delete'] as const;
export type BulkFlowAction = (typeof BULK_FLOW_ACTIONS)[number];

/** What happened to one flow: done, nothing to do (pausing a paused flow), or the service's refusal. */
export type BulkOutcome = { flow: Flow; result: 'done' } | { flow: Flow; result: 'unchanged' } | { flow: Flow; result: 'failed'; error: unknown };

/** Requests in flight at once during a bulk action. */
const BULK_CONCURRENCY = 4;

async function actOn(action: BulkFlowAction, flow: Flow): Promise<BulkOutcome> {
  const wantPaused = action === 'pause' ? true : action === 'resume' ? false : null;
  if (wantPaused !== null && flow.paused === wantPaused) return { flow, result: 'unchanged' };
  try {
    if (action === 'run') await runFlow(flow.id);
    else if (action === 'delete') await deleteFlow(flow.id);
    else return { flow: await setPaused(flow.id, wantPaused === true), result: 'done' };
    return { flow, result: 'done' };
  } catch (error) {
    return { flow, result: 'failed', error };
  }
}

/**
 * Run, pause, resume or delete many flows: one request per flow through the same operations as the flow
 * page (the interface has no bulk operation), a few at a time, each flow's outcome kept for the summary.
 */
export function useBulkFlowAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ action, flows }: { action: BulkFlowAction; flows: readonly Flow[] }) => mapLimited(flows, BULK_CONCURRENCY, (flow) => actOn(action, flow)),
    onSuccess: async (outcomes, { action }) => {
      const done = outcomes.filter((outcome) => outcome.result === 'done');
      if (action === 'delete') for (const { flow } of done) forgetFlow(client, flow.id);
      if (action === 'pause' || action === 'resume') for (const { flow } of done) putFlow(client, flow);
      if (action === 'run') {
        boostLiveViews(
          client,
          done.map(({ flow }) => liveScopes.flow(flow.id)),
        );
        for (const { flow } of done) watchStartedRun(client, flow.id);
        await Promise.all(done.map(({ flow }) => client.invalidateQueries({ queryKey: flowKeys.detail(flow.id) })));
      }
      void client.invalidateQueries({ queryKey: flowKeys.list() });
    },
  });
}

/** Run and Cancel: whatever the answer, views of the flow refresh now and poll fast for a while. */
function useFlowAction(flowId: number, action: () => ReturnType<typeof runFlow>, fallbackMessage: string) {
  return useLiveAction({ action, fallbackMessage, scopes: [liveScopes.flow(flowId)], refresh: [flowKeys.detail(flowId)] });
}

export function useRunFlow(flowId: number) {
  const client = useQueryClient();
  return useFlowAction(
    flowId,
    async () => {
      const answer = await runFlow(flowId);
      watchStartedRun(client, flowId);
      return answer;
    },
    'Run started.',
  );
}

export function useCancelFlow(flowId: number) {
  return useFlowAction(flowId, () => cancelFlow(flowId), 'Cancel sent.');
}

/**
 * The attempt pages follow the live status: they are read again when the newest attempt changes identity
 * or state (a run starts or ends), not on every count, so the table moves without polling itself.
 */
export function useRefetchAttemptsOnNewAttempt(flowId: number, latest: RunAttempt | null | undefined) {
  const signature = latest === undefined ? undefined : latest ? `${String(latest.id)}:${latest.lifecycle}:${latest.disposition}` : 'none';
  useRefetchWhenChanged(signature, flowKeys.detail(flowId, 'attempts'));
}
