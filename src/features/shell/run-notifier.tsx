import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { RunAttempt } from '@/api/flows';
import { attemptLabel } from '@/lib/attempt-numbers';
import { showNotification } from '@/lib/browser-notifications';
import { flowName } from '@/lib/flow-name';
import { formatCount, formatDuration, runDurationMs } from '@/lib/format';
import { liveScopes, useLiveQuery } from '@/lib/live-query';
import { isRunActive, runStateLabel } from '@/lib/run-status';
import { forgetStartedRun, isStartedRunWatched, useWatchedFlowIds } from '@/lib/run-watch';
import { flowQueries } from '@/resources/flows';
import { serviceNow } from '@/api/service-clock';
import { useServiceSupport } from '@/resources/service-support';

/** What a finished attempt's notification says. */
export function finishedRunMessage(name: string, attempt: RunAttempt): { title: string; body: string } {
  const took = runDurationMs(attempt.createdAt, attempt.completedAt, serviceNow());
  const loaded = attempt.resources.reduce((sum, resource) => sum + resource.loaded, 0);
  const facts = [
    `Attempt ${attemptLabel(attempt.number ?? undefined)}`,
    took === null ? null : `took ${formatDuration(took)}`,
    `${formatCount(loaded)} rows loaded`,
  ];
  const firstError = attempt.errors[0];
  return { title: `${name}: ${runStateLabel(attempt)}`, body: [facts.filter(Boolean).join(', '), firstError].filter(Boolean).join('\n') };
}

/** One watched flow: its live status, and a notification when a run it was seen running (or that was started here) ends. */
function WatchedFlow({ flowId }: { flowId: number }) {
  const client = useQueryClient();
  const service = useServiceSupport();
  const status = useLiveQuery(flowQueries.status(service, flowId), { isActive: isRunActive, scopes: [liveScopes.flow(flowId)] });
  const flow = useQuery(flowQueries.detail(service, flowId)).data;
  const seen = useRef<{ id: number; active: boolean } | null>(null);
  const attempt = status.data?.lastAttempt;
  const name = flow ? flowName(flow) : `Flow ${String(flowId)}`;

  useEffect(() => {
    if (attempt === undefined) return;
    const previous = seen.current;
    seen.current = attempt ? { id: attempt.id, active: isRunActive(attempt) } : null;
    if (!attempt || isRunActive(attempt)) return;
    const endedWhileWatched = previous?.active === true && previous.id === attempt.id;
    // A run started here may end between two looks: a newer attempt, already ended, is that run.
    const startedRunEnded = isStartedRunWatched(client, flowId) && previous !== null && previous.id !== attempt.id;
    if (!endedWhileWatched && !startedRunEnded) return;
    const { title, body } = finishedRunMessage(name, attempt);
    showNotification(title, { body, tag: `flowdeck-attempt-${String(attempt.id)}` });
    forgetStartedRun(client, flowId);
  }, [attempt, client, flowId, name]);
  return null;
}

/** Watches the flows the user started a run of or has open, and tells them by a browser notification when a run ends. */
export function RunNotifier() {
  const ids = useWatchedFlowIds();
  return (
    <>
      {ids.map((id) => (
        <WatchedFlow key={id} flowId={id} />
      ))}
    </>
  );
}
