import { createFileRoute } from '@tanstack/react-router';
import { NewAlertChannelPage } from '@/features/alerts/new-alert-channel-page';

export const Route = createFileRoute('/_app/alerts/new')({
  component: NewAlertChannelPage,
});
