import { Stack, Text } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { ErrorState } from '@/components/error-state';
import { PageHeader } from '@/components/page-header';
import { PlaceholderSection } from '@/components/placeholder-section';
import { ScheduleLabel } from '@/components/schedule-label';
import { scheduleOf } from '@/lib/schedule';
import { ApiError } from '@/api/errors';
import { flowQueries } from '@/lib/queries/flow-queries';

/** The interface has no get-flow operation: the flow is read from the list. */
export function FlowPage({ flowId }: { flowId: number }) {
  const { data: flows } = useSuspenseQuery(flowQueries.list());
  const flow = flows.find((candidate) => candidate.id === flowId);
  if (!flow) return <ErrorState error={new ApiError('not_found', `Flow ${String(flowId)} does not exist.`)} />;
  return (
    <>
      <PageHeader title={flow.displayName || `Flow ${String(flow.id)}`} description={`Flow ${String(flow.id)}`} />
      <Stack gap="xs" mb="lg">
        <Text>
          Source {flow.source} → destination {flow.destination}
        </Text>
        <ScheduleLabel schedule={scheduleOf(flow)} />
      </Stack>
      <PlaceholderSection>Run, cancel and the live run attempts of this flow come with the flows and workflows work.</PlaceholderSection>
    </>
  );
}
