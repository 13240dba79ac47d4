import { Loader } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { memo, useEffect, useState } from 'react';
import type { FlowStatus } from '@/api/flows';
import { formatTimeAgo } from '@/lib/format';
import { liveScopes, useLiveQuery } from '@/lib/live-query';
import { isRunActive, RUN_STATE_COLORS, runStateLabel, runStateOf } from '@/lib/run-status';
import { flowQueries } from '@/resources/flows';
import { useServiceSupport } from '@/resources/service-support';
import { CellBadge, useFlowsClock } from './flow-cells';
import classes from './flows-list.module.css';

// Rows drawn by a keystroke show their flow's status from the cache at once and start watching it once the
// frame that shows them has been painted, all together in one render: a live query per row is most of what
// drawing a row costs, and the keystroke's frame need not wait for it. (A timer alone runs before that frame.)
const waiting = new Set<() => void>();
let flushing = false;
/** A tab in the background paints no frames: its rows start watching after this long anyway. */
const UNPAINTED_MS = 100;

function startWaiting() {
  flushing = false;
  const all = [...waiting];
  waiting.clear();
  for (const each of all) each();
}

function afterNextPaint(run: () => void) {
  if (typeof requestAnimationFrame !== 'function') {
    setTimeout(run, 0);
    return;
  }
  const fallback = setTimeout(run, UNPAINTED_MS);
  requestAnimationFrame(() => {
    clearTimeout(fallback);
    // The frame's rendering follows its animation callbacks: a task queued here runs once it is painted.
    setTimeout(run, 0);
  });
}

function whenDrawn(start: () => void): () => void {
  waiting.add(start);
  if (!flushing) {
    flushing = true;
    afterNextPaint(startWaiting);
  }
  return () => {
    waiting.delete(start);
  };
}

/**
 * The last attempt of one visible row, live (fast while it runs). Rows scrolled out of view unmount, so only
 * visible flows are asked; while the list scrolls nothing new is asked at all. Plain elements: a keystroke
 * in the search draws a screenful of these.
 */
export const FlowStatusCell = memo(function FlowStatusCell({ flowId, enabled }: { flowId: number; enabled: boolean }) {
  const [live, setLive] = useState(false);
  useEffect(
    () =>
      whenDrawn(() => {
        setLive(true);
      }),
    [],
  );
  return live ? <LiveStatus flowId={flowId} enabled={enabled} /> : <CachedStatus flowId={flowId} />;
});

function LiveStatus({ flowId, enabled }: { flowId: number; enabled: boolean }) {
  const { data, isError } = useLiveQuery(flowQueries.status(useServiceSupport(), flowId), {
    isActive: isRunActive,
    scopes: [liveScopes.flow(flowId)],
    staleTime: 15_000,
    enabled,
  });
  if (isError && !data) return <span aria-label="Status unavailable">?</span>;
  return <StatusView status={data} />;
}

function CachedStatus({ flowId }: { flowId: number }) {
  const client = useQueryClient();
  return <StatusView status={client.getQueryData(flowQueries.statusKey(flowId))} />;
}

function StatusView({ status: data }: { status: FlowStatus | undefined }) {
  const { now, format } = useFlowsClock();
  if (!data) return <span className={classes.skeleton} style={{ width: 90 }} role="status" aria-label="Loading status" aria-busy="true" />;
  // A run queued behind another load says what it waits for (its attempt's waitingFor).
  const status = data.lastAttempt ? { ...data, waitingFor: data.lastAttempt.waitingFor } : null;
  const state = runStateOf(status);
  const moving = state === 'running' || state === 'pending';
  const createdAt = data.lastAttempt?.createdAt;
  const at = createdAt === undefined ? Number.NaN : Date.parse(createdAt);
  return (
    <span className={classes.pair}>
      <CellBadge color={RUN_STATE_COLORS[state]} variant={state === 'never' ? 'outline' : 'light'} title={status?.waitingFor ?? undefined}>
        {moving && <Loader size={10} color={RUN_STATE_COLORS[state]} aria-hidden />}
        {runStateLabel(status)}
      </CellBadge>
      {createdAt !== undefined && (
        <span className={classes.dimmed}>
          {Number.isNaN(at) ? (
            createdAt
          ) : (
            <time dateTime={createdAt} title={format.dateTime(createdAt)}>
              {formatTimeAgo(at, now)}
            </time>
          )}
        </span>
      )}
    </span>
  );
}
