import { infiniteQueryOptions } from '@tanstack/react-query';
import { listRuns, type RunsPage, type RunsParams } from '@/api/runs';
import { serviceNow } from '@/api/service-clock';
import { resourceKeys } from './keys';

export const runKeys = resourceKeys('runs');

/** The Runs page's filters; `rangeMs` counts back from now (the service's now) each time the list is read. */
export interface RunsFilter {
  status?: RunsParams['status'];
  trigger?: RunsParams['trigger'];
  flow?: number;
  workflow?: number;
  rangeMs?: number;
  /** Newest first when absent. */
  order?: RunsParams['order'];
}

export const RUNS_PAGE_SIZE = 50;

export const runQueries = {
  /** Every flow attempt and workflow run, newest (or oldest) first, a page at a time by the service's cursor. */
  list: (filter: RunsFilter) =>
    infiniteQueryOptions({
      queryKey: runKeys.list(filter),
      queryFn: ({ pageParam, signal }): Promise<RunsPage> => {
        const { rangeMs, ...rest } = filter;
        const from = rangeMs === undefined ? undefined : new Date(serviceNow() - rangeMs).toISOString();
        return listRuns({ ...rest, from, limit: RUNS_PAGE_SIZE, cursor: pageParam }, { signal });
      },
      initialPageParam: undefined as string | undefined,
      getNextPageParam: (page) => page.next ?? undefined,
    }),
};
