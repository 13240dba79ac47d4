import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { getFlowState, resetFlowState, resyncFlow } from '@/api/flow-state';
import { type Flow, type RunAttempt, updateFlow } from '@/api/flows';
import type { FlowResourceInput } from '@/api/tables';
import { boostLiveViews, liveScopes } from '@/lib/live-query';
import { watchStartedRun } from '@/lib/run-watch';
import { useRefetchWhenChanged } from './follow-live';
import { flowKeys, flowQueries } from './flows';

// The tables a flow keeps (Flowdeck's additions): their state, a resource's mode saved, a reset, a re-sync.

export const flowStateQueries = {
  /** One row per resource the flow loads: its target, mode, saved cursor, columns, last schema change. */
  state: (flowId: number) => queryOptions({ queryKey: flowKeys.detail(flowId, 'state'), queryFn: ({ signal }) => getFlowState(flowId, { signal }) }),
};

/** The state is read again when a run of the flow starts or ends (a commit saves cursors and columns). */
export function useRefetchStateOnRun(flowId: number, latest: RunAttempt | null | undefined) {
  const signature = latest === undefined ? undefined : latest ? `${String(latest.id)}:${latest.lifecycle}:${latest.disposition}` : 'none';
  useRefetchWhenChanged(signature, flowStateQueries.state(flowId).queryKey);
}

/** Saves one resource's mode, cursor field and key; the flow and its state are read again. A refusal is the caller's to show. */
export function useSaveResourceMode(flowId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (resource: FlowResourceInput) => updateFlow(flowId, { resources: [resource] }),
    onSuccess: async (flow: Flow) => {
      client.setQueryData(flowQueries.list().queryKey, (flows) => flows?.map((each) => (each.id === flow.id ? flow : each)));
      await client.invalidateQueries({ queryKey: flowStateQueries.state(flowId).queryKey });
    },
  });
}

/** Forgets the saved cursor of one resource (or, none named, of all); the tables keep their rows. */
export function useResetFlowState(flowId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (resource: string | undefined) => resetFlowState(flowId, resource),
    onSettled: () => client.invalidateQueries({ queryKey: flowStateQueries.state(flowId).queryKey }),
  });
}

/** Re-sync one resource (or all): the service resets their state and starts a run; the flow's views refresh and poll fast. */
export function useResyncFlow(flowId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (resource: string | undefined) => resyncFlow(flowId, resource === undefined ? {} : { resources: [resource] }),
    onSuccess: () => {
      watchStartedRun(client, flowId);
    },
    onSettled: async () => {
      boostLiveViews(client, [liveScopes.flow(flowId)]);
      await client.invalidateQueries({ queryKey: flowKeys.detail(flowId) });
    },
  });
}
