import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { RunsPage } from '@/features/runs/runs-page';
import { runsFilterOf, runsSearchDefaults, runsSearchSchema } from '@/features/runs/runs-search';
import { runQueries } from '@/resources/runs';

export const Route = createFileRoute('/_app/runs/')({
  validateSearch: runsSearchSchema,
  search: { middlewares: [stripSearchParams(runsSearchDefaults)] },
  loaderDeps: ({ search }) => ({ filter: runsFilterOf(search) }),
  // The first page is asked for as the navigation starts (on intent too), not once the page's code has arrived;
  // not awaited, so the page and its skeleton show at once.
  loader: ({ context, deps }) => {
    // A failed read shows on the page, which asks again.
    context.queryClient.infiniteQuery(runQueries.list(deps.filter)).catch(() => undefined);
  },
  component: RunsPage,
});
