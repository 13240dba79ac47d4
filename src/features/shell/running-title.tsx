import { useEffect } from 'react';
import { liveScopes, useLiveQuery } from '@/lib/live-query';
import { timelineQueries, useTimelineMissing } from '@/resources/timeline';

export const APP_TITLE = 'Flowdeck';

/** `(2) Flowdeck` while two flows run, so a background tab says so. A service without the timeline (the hosted one) keeps the plain title. */
export function RunningTitle() {
  const query = timelineQueries.running();
  const unsupported = useTimelineMissing(query.queryKey);
  const running = useLiveQuery(query, { isActive: (spans) => spans.length > 0, scopes: [liveScopes.any], enabled: !unsupported });
  const count = new Set(running.data?.filter((span) => span.kind === 'flow').map((span) => span.owner)).size;
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
