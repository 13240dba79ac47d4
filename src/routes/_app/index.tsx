import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { OverviewPage } from '@/features/overview/overview-page';
import { overviewSearchDefaults, overviewSearchSchema, TIMELINE_WINDOWS } from '@/features/overview/timeline-search';
import { flowQueries } from '@/resources/flows';
import { timelineQueries } from '@/resources/timeline';
import { workflowQueries } from '@/resources/workflows';

export const Route = createFileRoute('/_app/')({
  validateSearch: overviewSearchSchema,
  search: { middlewares: [stripSearchParams(overviewSearchDefaults)] },
  loaderDeps: ({ search }) => ({ window: search.window }),
  // Not awaited, and only when not cached (the timeline keeps them fresh itself): the timeline's runs are asked for
  // first, before the overview's many status requests queue up. The flows and workflows lists are waited for (a
  // failure is the page's to show): the counts, the freshness and the timeline's rows come from them, and a phone
  // draws the page once with them rather than once without and again as each arrives.
  loader: async ({ context, deps }) => {
    const { queryClient } = context;
    void queryClient.query({ ...timelineQueries.window(TIMELINE_WINDOWS[deps.window].ms), staleTime: 'static' }).catch(() => undefined);
    await Promise.all(
      [queryClient.query({ ...flowQueries.list(), staleTime: 'static' }), queryClient.query({ ...workflowQueries.list(), staleTime: 'static' })].map((read) =>
        read.catch(() => undefined),
      ),
    );
  },
  component: OverviewPage,
});
