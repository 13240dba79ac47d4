import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { OverviewPage } from '@/features/overview/overview-page';
import { overviewSearchDefaults, overviewSearchSchema, TIMELINE_WINDOWS } from '@/features/overview/timeline-search';
import { timelineQueries } from '@/resources/timeline';

export const Route = createFileRoute('/_app/')({
  validateSearch: overviewSearchSchema,
  search: { middlewares: [stripSearchParams(overviewSearchDefaults)] },
  loaderDeps: ({ search }) => ({ window: search.window }),
  // Not awaited, and only when not cached (the timeline keeps them fresh itself): the timeline's runs are asked for
  // first, before the overview's many status requests queue up.
  loader: ({ context, deps }) => {
    void context.queryClient.query({ ...timelineQueries.window(TIMELINE_WINDOWS[deps.window].ms), staleTime: 'static' }).catch(() => undefined);
  },
  component: OverviewPage,
});
