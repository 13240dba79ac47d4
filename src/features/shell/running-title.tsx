import { useEffect } from 'react';
import { liveScopes, useLiveQuery } from '@/lib/live-query';
import { runChangeQueries } from '@/resources/run-changes';
import { useServiceSupport } from '@/resources/service-support';
import { timelineQueries, useTimelineMissing } from '@/resources/timeline';

export const APP_TITLE = 'Flowdeck';

/**
 * `(2) Flowdeck` while two flows or workflows run, on every page, so a background tab says so. Its read is the
 * heartbeat that tells the other views a run started or ended (resources/follow-runs.ts): what changed since the
 * last read (GET /v2/run-changes, held by the service while nothing does), else the timeline's recent runs. A
 * service with neither (the hosted one) keeps the plain title, and its views poll on their own.
 */
export function RunningTitle() {
  const service = useServiceSupport();
  const changes = useLiveQuery(runChangeQueries.follow(service), {
    isActive: () => false,
    scopes: [liveScopes.any],
    enabled: service.runChanges !== false,
    heartbeat: true,
  });
  const withoutChanges = service.runChanges === false;
  const recentQuery = timelineQueries.recent();
  const timelineMissing = useTimelineMissing(recentQuery.queryKey);
  const recent = useLiveQuery(recentQuery, {
    isActive: () => false,
    scopes: [liveScopes.any],
    enabled: withoutChanges && !timelineMissing,
    heartbeat: true,
  });
  const count = withoutChanges
    ? new Set(recent.data?.filter((span) => span.completedAt === null).map((span) => `${span.kind}:${String(span.owner)}`)).size
    : (changes.data?.active.flows.length ?? 0) + (changes.data?.active.workflows.length ?? 0);
  useEffect(() => {
    document.title = count > 0 ? `(${String(count)}) ${APP_TITLE}` : APP_TITLE;
  }, [count]);
  useEffect(
    () => () => {
      document.title = APP_TITLE;
    },
    [],
  );
  return null;
}
