import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { OverviewPage } from '@/features/overview/overview-page';
import { overviewSearchDefaults, overviewSearchSchema } from '@/features/overview/timeline-search';

export const Route = createFileRoute('/_app/')({
  validateSearch: overviewSearchSchema,
  search: { middlewares: [stripSearchParams(overviewSearchDefaults)] },
  component: OverviewPage,
});
