import { createFileRoute } from '@tanstack/react-router';
import { permissionOf } from '@/lib/permissions';
import { z } from 'zod';
import { CARD_STATES } from '@/api/cards';
import { SharedLinksPage } from '@/features/endpoints/sources/shared-links-page';
import { cardQueries } from '@/resources/cards';

const searchSchema = z.object({ state: z.enum(CARD_STATES).optional().catch(undefined) });

export const Route = createFileRoute('/_app/shared-links/')({
  validateSearch: searchSchema,
  loaderDeps: ({ search }) => ({ state: search.state }),
  loader: async ({ context, deps }) => {
    if (permissionOf(context.identity.caller, 'listCards').allowed)
      await context.queryClient.query({ ...cardQueries.all(deps.state ? { state: deps.state } : {}), staleTime: 'static' });
  },
  component: function SharedLinksRoute() {
    const { state } = Route.useSearch();
    return <SharedLinksPage state={state} />;
  },
});
