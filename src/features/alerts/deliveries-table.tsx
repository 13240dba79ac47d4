import { Badge, Loader, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { AlertDelivery } from '@/api/alerts';
import { AnchorLink } from '@/components/anchor-link';
import { ErrorState } from '@/components/error-state';
import { type Column, ResponsiveTable } from '@/components/responsive-table/responsive-table';
import { InlineSkeleton } from '@/components/skeletons';
import { TimeAgo } from '@/components/time-ago';
import { flowName } from '@/lib/flow-name';
import { alertQueries, SHOWN_DELIVERIES } from '@/resources/alerts';
import { flowQueries } from '@/resources/flows';
import { eventLabel } from './alert-words';

const STATUS_COLORS: Record<string, string> = { pending: 'blue', delivered: 'green', failed: 'red' };
const STATUS_LABELS: Record<string, string> = { pending: 'Pending', delivered: 'Delivered', failed: 'Failed' };

function DeliveryStatus({ delivery }: { delivery: AlertDelivery }) {
  const pending = delivery.status === 'pending';
  return (
    <Badge
      color={STATUS_COLORS[delivery.status] ?? 'grape'}
      variant="light"
      miw="max-content"
      style={{ textTransform: 'none' }}
      leftSection={pending ? <Loader size={10} aria-hidden /> : undefined}
    >
      {STATUS_LABELS[delivery.status] ?? delivery.status}
    </Badge>
  );
}

/** What the receiver answered: its status code and the start of its body, or why no answer came. */
function Answer({ delivery }: { delivery: AlertDelivery }) {
  if (delivery.statusCode === null && delivery.error === null && delivery.response === null) return <Text size="sm">—</Text>;
  return (
    <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
      {delivery.statusCode !== null && <strong>HTTP {delivery.statusCode}</strong>}
      {delivery.response !== null && <> · {delivery.response}</>}
      {delivery.error !== null && (
        <Text span c="red" size="sm">
          {delivery.statusCode !== null || delivery.response !== null ? ' · ' : ''}
          {delivery.error}
        </Text>
      )}
    </Text>
  );
}

const columnsFor = (flowNames: ReadonlyMap<number, string>): Column<AlertDelivery>[] => [
  { key: 'when', header: 'When', width: '16%', primary: true, cell: (delivery) => <TimeAgo iso={delivery.createdAt} size="sm" /> },
  { key: 'event', header: 'Event', width: '14%', cell: (delivery) => eventLabel(delivery.event) },
  {
    key: 'flow',
    header: 'Flow',
    width: '12%',
    cell: (delivery) =>
      delivery.flow === null ? (
        '—'
      ) : (
        <AnchorLink to="/flows/$flowId" params={{ flowId: String(delivery.flow) }} size="sm">
          {flowNames.get(delivery.flow) ?? `Flow ${String(delivery.flow)}`}
        </AnchorLink>
      ),
  },
  { key: 'status', header: 'Status', width: '14%', cell: (delivery) => <DeliveryStatus delivery={delivery} /> },
  { key: 'tries', header: 'Tries', width: '8%', align: 'right', cell: (delivery) => delivery.attempts },
  { key: 'answer', header: 'Answer', width: '36%', cell: (delivery) => <Answer delivery={delivery} /> },
];

/** The channel's last deliveries, newest first, read again while one is pending. */
export function DeliveriesTable({ channelId }: { channelId: number }) {
  const deliveries = useQuery(alertQueries.deliveries(channelId));
  const flows = useQuery(flowQueries.list());
  const flowNames = useMemo(() => new Map((flows.data ?? []).map((flow) => [flow.id, flowName(flow)])), [flows.data]);
  if (deliveries.isPending) return <InlineSkeleton label="Loading deliveries" width={200} />;
  if (deliveries.error) return <ErrorState error={deliveries.error} onRetry={() => void deliveries.refetch()} />;
  if (deliveries.data.length === 0) return <Text c="dimmed">Nothing sent yet. Send test to check the channel.</Text>;
  return (
    <>
      <Text size="sm" c="dimmed" mb="xs">
        The last {SHOWN_DELIVERIES} at most. A failed try is repeated with growing pauses (up to 5 tries) when the receiver answers 408, 429 or 5xx, or does not
        answer.
      </Text>
      <ResponsiveTable label="Deliveries" columns={columnsFor(flowNames)} rows={deliveries.data} rowKey={(delivery) => delivery.id} minWidth={720} />
    </>
  );
}
