import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import { RunsPage } from '@/features/runs/runs-page';
import { runsSearchDefaults, runsSearchSchema } from '@/features/runs/runs-search';

export const Route = createFileRoute('/_app/runs/')({
  validateSearch: runsSearchSchema,
  search: { middlewares: [stripSearchParams(runsSearchDefaults)] },
  component: RunsPage,
});
