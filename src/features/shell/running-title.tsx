import { useEffect } from 'react';
import { liveScopes, useLiveQuery } from '@/lib/live-query';
import { timelineQueries, useTimelineMissing } from '@/resources/timeline';

export const APP_TITLE = 'Flowdeck';

/**
 * `(2) Flowdeck` while two flows or workflows run, on every page, so a background tab says so. Its read is the
 * heartbeat that tells the other views a run started or ended (resources/follow-runs.ts). A service without the
 * timeline (the hosted one) keeps the plain title, and its views poll on their own.
 */
export function RunningTitle() {
  const query = timelineQueries.recent();
  const unsupported = useTimelineMissing(query.queryKey);
  const recent = useLiveQuery(query, {
    isActive: (spans) => spans.some((span) => span.completedAt === null),
    scopes: [liveScopes.any],
    enabled: !unsupported,
    heartbeat: true,
  });
  const count = new Set(recent.data?.filter((span) => span.completedAt === null).map((span) => `${span.kind}:${String(span.owner)}`)).size;
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
