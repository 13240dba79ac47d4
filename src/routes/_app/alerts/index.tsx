import { createFileRoute } from '@tanstack/react-router';
import { AlertsPage } from '@/features/alerts/alerts-page';
import { alertQueries } from '@/resources/alerts';

export const Route = createFileRoute('/_app/alerts/')({
  loader: ({ context }) => context.queryClient.query({ ...alertQueries.list(), staleTime: 'static' }),
  component: AlertsPage,
});
