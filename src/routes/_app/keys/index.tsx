import { createFileRoute } from '@tanstack/react-router';
import { permissionOf } from '@/lib/permissions';
import { KeysPage } from '@/features/team/keys-page';
import { teamQueries } from '@/resources/team';

export const Route = createFileRoute('/_app/keys/')({
  loader: async ({ context }) => {
    if (permissionOf(context.identity.caller, 'listKeys').allowed) await context.queryClient.query({ ...teamQueries.keys(), staleTime: 'static' });
  },
  component: KeysPage,
});
