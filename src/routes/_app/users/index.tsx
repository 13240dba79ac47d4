import { createFileRoute } from '@tanstack/react-router';
import { permissionOf } from '@/lib/permissions';
import { PeoplePage } from '@/features/team/people-page';
import { teamQueries } from '@/resources/team';

export const Route = createFileRoute('/_app/users/')({
  loader: async ({ context }) => {
    if (permissionOf(context.identity.caller, 'listUsers').allowed) await context.queryClient.query({ ...teamQueries.users(), staleTime: 'static' });
  },
  component: PeoplePage,
});
