import { Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { Flow } from '@/api/flows';
import { AnchorLink } from '@/components/anchor-link';
import { endpointFallbackName, endpointPage } from '@/lib/endpoint-names';
import { ErrorState } from '@/components/error-state';
import { type Column, ResponsiveTable } from '@/components/responsive-table/responsive-table';
import { ScheduleLabel } from '@/components/schedule-label';
import { BlockSkeleton } from '@/components/skeletons';
import { scheduleOf } from '@/lib/schedule-basics';
import { flowQueries } from '@/resources/flows';

const columns: Column<Flow>[] = [
  {
    key: 'flow',
    header: 'Flow',
    primary: true,
    cell: (flow) => (
      <AnchorLink to="/flows/$flowId" params={{ flowId: String(flow.id) }}>
        {flow.displayName || `Flow ${String(flow.id)}`}
      </AnchorLink>
    ),
  },
  {
    key: 'destination',
    header: 'Destination',
    cell: (flow) => <AnchorLink {...endpointPage('destination', flow.destination)}>{endpointFallbackName('destination', flow.destination)}</AnchorLink>,
  },
  {
    key: 'schedule',
    header: 'Schedule',
    cell: (flow) => <ScheduleLabel schedule={scheduleOf(flow)} nextRunAt={flow.nextRunAt} timeZone={flow.timeZone} paused={flow.paused} />,
  },
];

/** The flows reading from this source (the interface lists all flows; they are filtered here). */
export function SourceFlows({ sourceId }: { sourceId: number }) {
  const flows = useQuery(flowQueries.list());
  if (flows.isPending) return <BlockSkeleton label="Loading flows" />;
  if (flows.isError) return <ErrorState error={flows.error} onRetry={() => void flows.refetch()} />;
  const mine = flows.data.filter((flow) => flow.source === sourceId);
  const newFlow = (
    <AnchorLink to="/flows/new" search={{ source: sourceId }} size="sm" fw={600}>
      + New flow from this source
    </AnchorLink>
  );
  if (mine.length === 0)
    return (
      <Stack gap="sm" align="flex-start">
        <Text c="dimmed" size="sm">
          No flow reads from this source.
        </Text>
        {newFlow}
      </Stack>
    );
  return (
    <Stack gap="sm">
      {newFlow}
      <ResponsiveTable label="Flows from this source" columns={columns} rows={mine} rowKey={(flow) => flow.id} />
    </Stack>
  );
}
