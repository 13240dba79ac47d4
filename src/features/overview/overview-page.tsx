import { useCallback, useEffect, useState } from 'react';
import { Anchor, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import type { Flow } from '@/api/flows';
import type { Workflow } from '@/api/workflows';
import { AnchorLink } from '@/components/anchor-link';
import { ErrorState } from '@/components/error-state';
import { LiveStamp } from '@/components/live-stamp';
import { PageHeader } from '@/components/page-header';
import { RunErrors } from '@/components/run-errors';
import { InlineSkeleton } from '@/components/skeletons';
import { StatusBadge } from '@/components/status-badge';
import { TimeAgo } from '@/components/time-ago';
import { PAGE_INTROS } from '@/lib/page-intros';
import { isRunActive, runStateOf, type RunStateInput } from '@/lib/run-status';
import { flowQueries } from '@/resources/flows';
import { hasTimelineData, timelineQueries } from '@/resources/timeline';
import { workflowQueries } from '@/resources/workflows';
import { FreshnessSummary } from './freshness-summary';
import { ProgressSummary } from './progress-summary';
import { RunTimeline } from './run-timeline';
import { TIMELINE_WINDOWS, type TimelineWindowKey } from './timeline-search';
import { MAX_WATCHED_FLOWS, useWatchedFlows, useWatchedWorkflows, type Watched } from './watched-statuses';

/** Each count fails on its own, so a plan without workflows still shows its flows. */
function CountCard({ label, to, query }: { label: string; to: '/flows' | '/workflows'; query: { data?: unknown[]; error: unknown; isPending: boolean } }) {
  return (
    <Card withBorder padding="lg">
      <Text c="dimmed" size="sm">
        {label}
      </Text>
      {query.isPending ? (
        <InlineSkeleton label={`Loading ${label.toLowerCase()}`} width={48} />
      ) : query.error ? (
        <ErrorState error={query.error} />
      ) : (
        <Anchor component={Link} to={to} fz={32} fw={700}>
          {query.data?.length ?? 0}
        </Anchor>
      )}
    </Card>
  );
}

interface LiveItem {
  key: string;
  kind: 'Flow' | 'Workflow';
  name: string;
  link: { to: '/flows/$flowId'; params: { flowId: string } } | { to: '/workflows/$workflowId'; params: { workflowId: string } };
  status: RunStateInput;
  resources: Parameters<typeof ProgressSummary>[0]['resources'];
  errors: readonly string[];
  startedAt: string | null;
  completedAt: string | null;
}

function ItemTitle({ item }: { item: LiveItem }) {
  return (
    <Group gap="xs" wrap="nowrap">
      <Text size="xs" c="dimmed" w={70}>
        {item.kind}
      </Text>
      <AnchorLink {...item.link} fw={500}>
        {item.name}
      </AnchorLink>
      <StatusBadge status={item.status} size="sm" />
    </Group>
  );
}

function Section({ title, watched, children }: { title: string; watched: Watched[]; children: React.ReactNode }) {
  const updatedAt = Math.min(...watched.map((item) => item.updatedAt).filter((at) => at > 0));
  const error = watched.find((item) => item.error)?.error ?? null;
  return (
    <Card withBorder padding="lg" mb="lg" component="section" aria-label={title}>
      <Group justify="space-between" mb="sm" align="flex-start">
        <Title order={2} size="h4">
          {title}
        </Title>
        {Number.isFinite(updatedAt) && (
          <LiveStamp
            updatedAt={updatedAt}
            error={error}
            isFetching={watched.some((item) => item.isFetching)}
            onRetry={() => {
              for (const item of watched) item.refetch();
            }}
          />
        )}
      </Group>
      {children}
    </Card>
  );
}

/** At most this long the statuses wait for the timeline's first page: a slow timeline does not hold them back. */
const STATUSES_WAIT_MS = 1_000;

/**
 * Whether the overview asks for its statuses yet: once the timeline's first page has arrived (or failed) and been
 * painted, or after STATUSES_WAIT_MS; then for good. Asked at once, up to 200 status requests (each a fetch to start
 * and an answer to render) would share the main thread, the browser's connections and the service with that first
 * page, the page's main figure, and delay its first bars; asked in the render that draws them, their 200 fetches
 * would start before that render is painted.
 */
function useStatusesAfterTimeline(windowMs: number): boolean {
  const firstPage = useQuery({ ...timelineQueries.window(windowMs), enabled: false, select: hasTimelineData });
  const settled = firstPage.data === true || firstPage.isError;
  const [asked, setAsked] = useState(settled);
  useEffect(() => {
    if (asked) return;
    let timer: ReturnType<typeof setTimeout>;
    let frame = 0;
    const ask = () => {
      setAsked(true);
    };
    // Just after the next paint: a frame, then a task.
    if (settled)
      frame = requestAnimationFrame(() => {
        timer = setTimeout(ask, 0);
      });
    else timer = setTimeout(ask, STATUSES_WAIT_MS);
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [asked, settled]);
  return asked;
}

function useLiveItems(flows: readonly Flow[], workflows: readonly Workflow[], enabled: boolean) {
  const watchedFlows = useWatchedFlows(flows, enabled);
  const watchedWorkflows = useWatchedWorkflows(workflows, enabled);
  const items: LiveItem[] = [
    ...watchedFlows.attempts.map(({ flow, attempt }): LiveItem => ({
      key: `flow-${String(flow.id)}`,
      kind: 'Flow',
      name: flow.displayName || `Flow ${String(flow.id)}`,
      link: { to: '/flows/$flowId', params: { flowId: String(flow.id) } },
      status: attempt,
      resources: attempt.resources,
      errors: attempt.errors,
      // A queued attempt has not started: it shows no run time.
      startedAt: runStateOf(attempt) === 'pending' ? null : attempt.createdAt,
      completedAt: attempt.completedAt,
    })),
    ...watchedWorkflows.statuses.map(({ workflow, status }): LiveItem => ({
      key: `workflow-${String(workflow.id)}`,
      kind: 'Workflow',
      name: workflow.name,
      link: { to: '/workflows/$workflowId', params: { workflowId: String(workflow.id) } },
      status,
      resources: status.resources,
      errors: [...status.errors, ...status.resources.flatMap((resource) => resource.errors.map((error) => `${resource.name}: ${error}`))],
      startedAt: null,
      completedAt: status.completedAt,
    })),
  ];
  return { items, watchedFlows, watchedWorkflows };
}

const LATEST_FAILURES = 10;

const route = getRouteApi('/_app/');
/** One empty list while loading, so the memoised timeline sees no change. */
const NONE: never[] = [];

export function OverviewPage() {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const setWindow = useCallback(
    (window: TimelineWindowKey) => {
      void navigate({ search: (previous) => ({ ...previous, window }), replace: true });
    },
    [navigate],
  );
  const flows = useQuery(flowQueries.list());
  const workflows = useQuery(workflowQueries.list());

  return (
    <>
      <PageHeader {...PAGE_INTROS['/']} />
      <SimpleGrid cols={{ base: 1, sm: 2 }} mb="lg">
        <CountCard label="Flows" to="/flows" query={flows} />
        <CountCard label="Workflows" to="/workflows" query={workflows} />
      </SimpleGrid>
      <FreshnessSummary flows={flows.data} workflows={workflows.data} loading={flows.isPending || workflows.isPending} />
      <RunTimeline flows={flows.data ?? NONE} workflows={workflows.data ?? NONE} window={search.window} onWindow={setWindow} />
      <LiveSections flows={flows.data ?? NONE} workflows={workflows.data} windowMs={TIMELINE_WINDOWS[search.window].ms} />
    </>
  );
}

/**
 * Running now and Latest failures, from each flow's and workflow's status. A component of their own: a status
 * arriving (up to 200 of them, each on its own schedule) draws these two sections again, not the page.
 */
function LiveSections({ flows, workflows, windowMs }: { flows: readonly Flow[]; workflows: readonly Workflow[] | undefined; windowMs: number }) {
  const statusesAsked = useStatusesAfterTimeline(windowMs);
  const { items, watchedFlows, watchedWorkflows } = useLiveItems(flows, workflows ?? NONE, statusesAsked);
  const running = items.filter((item) => isRunActive(item.status));
  const failures = items
    .filter((item) => runStateOf(item.status) === 'failed')
    .sort((a, b) => (b.completedAt ?? '').localeCompare(a.completedAt ?? ''))
    .slice(0, LATEST_FAILURES);
  const watched = [watchedFlows, ...(workflows ? [watchedWorkflows] : [])];

  return (
    <>
      <Section title="Running now" watched={watched}>
        {flows.length > MAX_WATCHED_FLOWS && (
          <Text size="sm" c="dimmed" mb="sm">
            Watching the first {MAX_WATCHED_FLOWS} of {flows.length} flows. Filter the flows list by status to check the rest.
          </Text>
        )}
        {running.length === 0 ? (
          <Text c="dimmed">Nothing is running.</Text>
        ) : (
          <Stack gap="md">
            {running.map((item) => (
              <Stack key={item.key} gap={6}>
                <ItemTitle item={item} />
                <ProgressSummary resources={item.resources} startedAt={item.startedAt} />
              </Stack>
            ))}
          </Stack>
        )}
      </Section>
      <Section title="Latest failures" watched={watched}>
        {failures.length === 0 ? (
          <Text c="dimmed">No recent failures.</Text>
        ) : (
          <Stack gap="lg">
            {failures.map((item) => (
              <Stack key={item.key} gap={6}>
                <Group justify="space-between" wrap="wrap">
                  <ItemTitle item={item} />
                  <Text size="xs" c="dimmed">
                    Failed <TimeAgo iso={item.completedAt} size="xs" />
                  </Text>
                </Group>
                <RunErrors errors={item.errors} compact />
              </Stack>
            ))}
          </Stack>
        )}
      </Section>
    </>
  );
}
