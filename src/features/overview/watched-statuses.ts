import type { UseQueryResult } from '@tanstack/react-query';
import type { Flow, FlowStatus, RunAttempt } from '@/api/flows';
import type { Workflow, WorkflowStatus } from '@/api/workflows';
import { liveScopes, useLiveQueries } from '@/lib/live-query';
import { isRunActive } from '@/lib/run-status';
import { flowQueries } from '@/resources/flows';
import { useServiceSupport } from '@/resources/service-support';
import { workflowQueries } from '@/resources/workflows';

/**
 * The service has no "what is running" list, so the overview asks each flow for its status: idle ones every
 * 30 s, running ones every 2 s. Past this many flows it watches the first ones only and says so, rather
 * than flood the service.
 */
export const MAX_WATCHED_FLOWS = 200;

export interface Watched {
  updatedAt: number;
  error: Error | null;
  isFetching: boolean;
  refetch: () => void;
}

function summarise<T>(queries: UseQueryResult<T>[]): Watched {
  const loaded = queries.filter((query) => query.dataUpdatedAt > 0);
  return {
    updatedAt: loaded.length > 0 ? Math.min(...loaded.map((query) => query.dataUpdatedAt)) : 0,
    error: queries.find((query) => query.error)?.error ?? null,
    isFetching: queries.some((query) => query.isFetching),
    refetch: () => {
      for (const query of queries) if (query.error) void query.refetch();
    },
  };
}

/** `enabled`: false holds the requests back (what is cached still shows). */
export function useWatchedFlows(flows: readonly Flow[], enabled = true) {
  const watched = flows.slice(0, MAX_WATCHED_FLOWS);
  const service = useServiceSupport();
  const queries = useLiveQueries(
    watched.map((flow) => flowQueries.status(service, flow.id)),
    { isActive: (status: FlowStatus) => isRunActive(status.lastAttempt), scopes: [liveScopes.any], staleTime: 5_000, enabled },
  );
  const attempts = watched.flatMap((flow, index): { flow: Flow; attempt: RunAttempt }[] => {
    const attempt = queries[index]?.data?.lastAttempt;
    return attempt ? [{ flow, attempt }] : [];
  });
  return { attempts, watchedCount: watched.length, ...summarise(queries) };
}

export function useWatchedWorkflows(workflows: readonly Workflow[], enabled = true) {
  const queries = useLiveQueries(
    workflows.map((workflow) => workflowQueries.status(workflow.id)),
    { isActive: (status: WorkflowStatus) => isRunActive(status), scopes: [liveScopes.any], staleTime: 5_000, enabled },
  );
  const statuses = workflows.flatMap((workflow, index): { workflow: Workflow; status: WorkflowStatus }[] => {
    const status = queries[index]?.data;
    return status ? [{ workflow, status }] : [];
  });
  return { statuses, ...summarise(queries) };
}
