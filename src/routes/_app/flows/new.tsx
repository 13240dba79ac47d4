import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod/mini';
import { NewFlowPage } from '@/features/flows/new-flow-page';
import { optionalOrDropped, searchInt } from '@/lib/search-params';

/** `?source=3` or `?destination=2` preselects one (the source and destination pages link here so). */
const searchSchema = z.object({
  source: optionalOrDropped(searchInt(z.positive())),
  destination: optionalOrDropped(searchInt(z.positive())),
});

export const Route = createFileRoute('/_app/flows/new')({
  validateSearch: searchSchema,
  component: function NewFlowRoute() {
    const preset = Route.useSearch();
    return <NewFlowPage preset={preset} />;
  },
});
