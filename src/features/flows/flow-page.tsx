import { Group, Stack, Text } from '@mantine/core';
import { ActivitySection } from '@/components/activity-section';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { getRouteApi } from '@tanstack/react-router';
import { useCallback, useMemo } from 'react';
import type { Flow } from '@/api/flows';
import { AnchorLink } from '@/components/anchor-link';
import { endpointFallbackName } from '@/lib/endpoint-names';
import { NotFoundPage } from '@/components/not-found-page';
import { FreshnessBadge } from '@/components/freshness-badge';
import { PageHeader } from '@/components/page-header';
import { flowName } from '@/lib/flow-name';
import { liveScopes, useLiveQuery } from '@/lib/live-query';
import { useOpenerFocus } from '@/lib/opener-focus';
import { isRunActive } from '@/lib/run-status';
import { useWatchFlowPage } from '@/lib/run-watch';
import { scheduleOf } from '@/lib/schedule-basics';
import { destinationQueries } from '@/resources/destinations';
import { flowQueries, useAttemptNumbers, useRefetchAttemptsOnNewAttempt } from '@/resources/flows';
import { useServiceSupport } from '@/resources/service-support';
import { sourceQueries } from '@/resources/sources';
import { AttemptsTable } from './attempts-table';
import { FlowActions } from './flow-actions';
import type { FlowPageSearch } from './flow-page-search';
import { AttemptDrawerOnOpen } from './lazy-attempt-drawer';
import { LatestAttemptCard } from './latest-attempt-card';
import { RunHistory } from './run-history';
import { ScheduleCard } from './schedule-card';
import { FlowTablesSection } from './tables/flow-tables-section';

const route = getRouteApi('/_app/flows/$flowId');

/** The attempts table's button that opens an attempt: Escape on the drawer hands the focus back to it. */
const attemptOpenerSelector = (attemptId: number) => `[data-attempt-opener="${String(attemptId)}"]`;

/** The route answers an unknown id with the not-found page; a flow deleted while its page is open gets the same. */
export function FlowPage({ flowId }: { flowId: number }) {
  const { data: flow } = useSuspenseQuery(flowQueries.detail(useServiceSupport(), flowId));
  return flow ? <FlowDetail flow={flow} /> : <NotFoundPage />;
}

/** Only mounted for a flow that exists, so nothing polls a flow that is gone. */
function FlowDetail({ flow }: { flow: Flow }) {
  // The attempts' page only: opening an attempt re-renders the table and the drawer, which read it themselves, not the page.
  const limit = route.useSearch({ select: (search) => search.limit });
  const offset = route.useSearch({ select: (search) => search.offset });
  const order = route.useSearch({ select: (search) => search.order });
  const search = useMemo(() => ({ limit, offset, order }), [limit, offset, order]);
  const navigate = route.useNavigate();
  const service = useServiceSupport();
  // Only the two names it shows, not the lists they are in.
  const sourceName = useQuery(sourceQueries.name(service, flow.source)).data;
  const destinationName = useQuery({ ...destinationQueries.detail(flow.destination), select: (destination) => destination.displayName }).data;
  // The one request this page repeats: the newest attempt, every 2 s while it runs, every 30 s otherwise.
  const status = useLiveQuery(flowQueries.status(service, flow.id), { isActive: isRunActive, scopes: [liveScopes.flow(flow.id)] });
  // An open flow page is a run the user is watching: its end is told by a browser notification when they allow it.
  useWatchFlowPage(flow.id);

  const latest = status.data?.lastAttempt ?? null;
  const numberOf = useAttemptNumbers(flow.id, latest);
  // The attempt lists (the table's page, the run history) are read again when a run starts or ends.
  useRefetchAttemptsOnNewAttempt(flow.id, status.data ? latest : undefined);
  const running = status.data && !status.error ? isRunActive(latest) : null;
  const opener = useOpenerFocus();
  const setSearch = useCallback(
    (patch: Partial<FlowPageSearch>) => {
      if (patch.attempt !== undefined) opener.remember(attemptOpenerSelector(patch.attempt));
      void navigate({ search: (previous) => ({ ...previous, ...patch }), replace: 'attempt' in patch ? false : true });
    },
    [navigate, opener],
  );
  const closeAttempt = useCallback(() => {
    setSearch({ attempt: undefined });
    opener.restore();
  }, [setSearch, opener]);

  const openAttempt = useCallback(
    (attempt: number) => {
      opener.remember(attemptOpenerSelector(attempt));
      void navigate({ search: (previous) => ({ ...previous, attempt }) });
    },
    [navigate, opener],
  );

  return (
    <>
      <PageHeader
        section="flows"
        title={flowName(flow)}
        description={
          <Group gap={6} component="span">
            <Text span size="sm">
              Flow {flow.id}:
            </Text>
            <AnchorLink to="/sources/$sourceId" params={{ sourceId: String(flow.source) }} size="sm">
              {sourceName ?? endpointFallbackName('source', flow.source)}
            </AnchorLink>
            <Text span size="sm" aria-label="to">
              →
            </Text>
            <AnchorLink to="/destinations/$destinationId" params={{ destinationId: String(flow.destination) }} size="sm">
              {destinationName ?? endpointFallbackName('destination', flow.destination)}
            </AnchorLink>
            <FreshnessBadge freshness={flow.freshness} size="sm" />
          </Group>
        }
        actions={<FlowActions flow={flow} running={running} latest={latest} />}
      />
      <Stack gap={0}>
        <LatestAttemptCard status={status} numberOf={numberOf} />
        <FlowTablesSection flow={flow} latest={status.data ? latest : undefined} running={running} />
        <RunHistory flowId={flow.id} latest={status.data ? latest : null} numberOf={numberOf} onOpen={openAttempt} />
        <ScheduleCard schedule={scheduleOf(flow)} nextRunAt={flow.nextRunAt} timeZone={flow.timeZone} paused={flow.paused} />
        <AttemptsTable flowId={flow.id} search={search} latest={latest} numberOf={numberOf} onSearch={setSearch} retries={flow.retries.attempts} />
        <ActivitySection resourceType="flow" resourceId={flow.id} />
      </Stack>
      <AttemptDrawerOnOpen flowId={flow.id} search={search} latest={latest} numberOf={numberOf} onClose={closeAttempt} />
    </>
  );
}
