import { Group, Stack, Text } from '@mantine/core';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { ApiError } from '@/api/errors';
import { AnchorLink } from '@/components/anchor-link';
import { ErrorState } from '@/components/error-state';
import { PageHeader } from '@/components/page-header';
import { liveScopes, useLiveQuery } from '@/lib/live-query';
import { isRunActive } from '@/lib/run-status';
import { scheduleOf } from '@/lib/schedule';
import { destinationQueries } from '@/resources/destinations';
import { flowQueries } from '@/resources/flows';
import { sourceQueries } from '@/resources/sources';
import { AttemptDrawer } from './attempt-drawer';
import { AttemptsTable } from './attempts-table';
import { destinationLabel, sourceLabel } from './filter-flows';
import { FlowActions } from './flow-actions';
import { FlowManageActions } from './flow-manage-actions';
import type { FlowPageSearch } from './flow-page-search';
import { LatestAttemptCard } from './latest-attempt-card';
import { ScheduleCard } from './schedule-card';
import { flowName } from '@/lib/flow-name';

const route = getRouteApi('/_app/flows/$flowId');

/** The interface has no get-flow operation: the flow is read from the list. */
export function FlowPage({ flowId }: { flowId: number }) {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const { data: flows } = useSuspenseQuery(flowQueries.list());
  const sources = useQuery(sourceQueries.names()).data;
  const destinations = useQuery(destinationQueries.names()).data;
  // The one request this page repeats: the newest attempt, every 2 s while it runs, every 30 s otherwise.
  const flow = flows.find((candidate) => candidate.id === flowId);
  const status = useLiveQuery(flowQueries.status(flowId), { isActive: isRunActive, scopes: [liveScopes.flow(flowId)], enabled: flow !== undefined });
  if (!flow) return <ErrorState error={new ApiError('not_found', `Flow ${String(flowId)} does not exist.`)} />;

  const latest = status.data?.lastAttempt ?? null;
  const running = status.data && !status.error ? isRunActive(latest) : null;
  const setSearch = (patch: Partial<FlowPageSearch>) => {
    void navigate({ search: (previous) => ({ ...previous, ...patch }), replace: 'attempt' in patch ? false : true });
  };

  return (
    <>
      <PageHeader
        title={flowName(flow)}
        description={
          <Group gap={6} component="span">
            <Text span size="sm">
              Flow {flow.id}:
            </Text>
            <AnchorLink to="/sources/$sourceId" params={{ sourceId: String(flow.source) }} size="sm">
              {sourceLabel(sources, flow.source)}
            </AnchorLink>
            <Text span size="sm" aria-label="to">
              →
            </Text>
            <AnchorLink to="/destinations/$destinationId" params={{ destinationId: String(flow.destination) }} size="sm">
              {destinationLabel(destinations, flow.destination)}
            </AnchorLink>
          </Group>
        }
        actions={
          <Group gap="xs" align="flex-start" justify="flex-end">
            <FlowActions flowId={flow.id} running={running} />
            <FlowManageActions flow={flow} />
          </Group>
        }
      />
      <Stack gap={0}>
        <LatestAttemptCard status={status} />
        <ScheduleCard schedule={scheduleOf(flow)} paused={flow.paused} />
        <AttemptsTable flowId={flow.id} search={search} latest={latest} onSearch={setSearch} />
      </Stack>
      <AttemptDrawer
        flowId={flow.id}
        search={search}
        latest={latest}
        onClose={() => {
          setSearch({ attempt: undefined });
        }}
      />
    </>
  );
}
