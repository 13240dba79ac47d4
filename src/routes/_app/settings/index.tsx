import { createFileRoute } from '@tanstack/react-router';
import { SettingsPage } from '@/features/settings/settings-page';
import { settingsQueries } from '@/resources/settings';

export const Route = createFileRoute('/_app/settings/')({
  loader: ({ context }) => context.queryClient.query({ ...settingsQueries.current(), staleTime: 'static' }),
  component: SettingsPage,
});
