import { useNavigate } from '@tanstack/react-router';
import { PageHeader } from '@/components/page-header';
import { useCreateAlertChannel } from '@/resources/alerts';
import { usePermission } from '@/resources/identity';
import { AlertChannelForm } from './alert-channel-form';

export function NewAlertChannelPage() {
  const navigate = useNavigate();
  const permission = usePermission('createAlertChannel');
  const create = useCreateAlertChannel({
    onCreated: (channel) => void navigate({ to: '/alerts/$channelId', params: { channelId: String(channel.id) } }),
  });
  return (
    <>
      <PageHeader
        section="alerts"
        title="New channel"
        description="Where alerts go: a Slack incoming webhook, or a webhook of your own that checks a signature."
      />
      <AlertChannelForm
        pending={create.isPending}
        error={create.error}
        submitLabel="Create channel"
        permission={permission}
        onCreate={(input) => {
          create.mutate(input);
        }}
      />
    </>
  );
}
