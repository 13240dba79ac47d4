import { createFileRoute } from '@tanstack/react-router';
import { AlertChannelPage } from '@/features/alerts/alert-channel-page';
import { loadAlertChannelRoute } from '@/resources/alerts';

export const Route = createFileRoute('/_app/alerts/$channelId')({
  loader: ({ context, params }) => loadAlertChannelRoute(context.queryClient, params.channelId),
  component: function AlertChannelRoute() {
    const { channelId } = Route.useLoaderData();
    return <AlertChannelPage channelId={channelId} />;
  },
});
