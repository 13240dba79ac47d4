import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { NewFlowPage } from '@/features/flows/new-flow-page';

/** `?source=3` or `?destination=2` preselects one (the source and destination pages link here so). */
const searchSchema = z.object({
  source: z.coerce.number().int().positive().optional().catch(undefined),
  destination: z.coerce.number().int().positive().optional().catch(undefined),
});

export const Route = createFileRoute('/_app/flows/new')({
  validateSearch: searchSchema,
  component: function NewFlowRoute() {
    const preset = Route.useSearch();
    return <NewFlowPage preset={preset} />;
  },
});
