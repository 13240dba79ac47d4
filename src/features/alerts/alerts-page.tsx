import { Text } from '@mantine/core';
import { PermittedLink } from '@/components/permitted';
import { usePermission } from '@/resources/identity';
import { useSuspenseQuery } from '@tanstack/react-query';
import type { AlertChannel } from '@/api/alerts';
import { AnchorLink } from '@/components/anchor-link';
import { ButtonLink } from '@/components/button-link';
import { PageHeader } from '@/components/page-header';
import { type Column, ResponsiveTable } from '@/components/responsive-table/responsive-table';
import { PAGE_INTROS } from '@/lib/page-intros';
import { alertQueries } from '@/resources/alerts';
import { flowsText, kindLabel, rulesText } from './alert-words';

const columns: Column<AlertChannel>[] = [
  {
    key: 'name',
    header: 'Name',
    width: '24%',
    primary: true,
    cell: (channel) => (
      <AnchorLink to="/alerts/$channelId" params={{ channelId: String(channel.id) }} fw={500}>
        {channel.name}
      </AnchorLink>
    ),
  },
  { key: 'kind', header: 'Kind', width: '18%', cell: (channel) => kindLabel(channel.kind) },
  {
    key: 'address',
    header: 'Sends to',
    width: '20%',
    cell: (channel) => (
      <Text size="sm" truncate="end" title={channel.address}>
        {channel.address}
      </Text>
    ),
  },
  { key: 'rules', header: 'Rules', width: '24%', cell: (channel) => rulesText(channel.events) },
  { key: 'flows', header: 'Flows', width: '14%', cell: (channel) => flowsText(channel) },
];

/** The notification channels: where Flowdeck tells someone that a run failed, recovered or a flow is late. */
export function AlertsPage() {
  const { data: channels } = useSuspenseQuery(alertQueries.list());
  const mayCreate = usePermission('createAlertChannel');
  return (
    <>
      <PageHeader
        {...PAGE_INTROS['/alerts']}
        actions={
          <PermittedLink permission={mayCreate} link={<ButtonLink to="/alerts/new">New channel</ButtonLink>}>
            New channel
          </PermittedLink>
        }
      />
      {channels.length === 0 ? (
        <Text c="dimmed">No channels yet. Add a Slack incoming webhook or a webhook of your own to hear about failures without watching the screen.</Text>
      ) : (
        <ResponsiveTable label="Alert channels" columns={columns} rows={channels} rowKey={(channel) => channel.id} minWidth={720} />
      )}
    </>
  );
}
