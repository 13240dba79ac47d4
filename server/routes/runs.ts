import { changesSignature, encodeChangesCursor, encodeRunsCursor } from '@/service-rules/runs-query';
import { iso, isoOrNull } from '@/service-rules/wire';
import type { z } from 'zod';
import type { runListItemSchema } from '@/api/runs';
import type { Handlers } from '../http/operations';
import type { Services } from '../services';
import { type RunChangeRows, type RunListRow, listRunsPage, runChangesSince } from '../store/runs';

// Flowdeck's additions (not in the hosted profile): the Runs page's list and the one cheap read of what
// changed, which an idle page polls instead of its lists.

/**
 * A change is reported for this long after it happened: a run's row is written in a transaction whose
 * time is its start, so a change committed just after one read may carry a time just before it.
 */
const CHANGE_OVERLAP_MICROS = 5_000_000n;

/** How often a waiting run-changes read looks again: a run shows on a waiting page within about this. */
const CHANGE_CHECK_MS = 1_000;

/** Waits `ms`, or less when the client has gone away (`signal`: its request's). */
const pause = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
  });

const changesOnWire = (changes: RunChangeRows) => ({
  changed: { flows: changes.changedFlows, workflows: changes.changedWorkflows },
  active: { flows: changes.activeFlows, workflows: changes.activeWorkflows },
  next: encodeChangesCursor(BigInt(changes.nowMicros)),
});

const itemOnWire = (row: RunListRow): z.input<typeof runListItemSchema> => ({
  kind: row.kind,
  id: row.id,
  number: row.number,
  flow: row.flow_id,
  workflow: row.workflow_id,
  name: row.name,
  trigger: row.trigger,
  lifecycle: row.lifecycle,
  disposition: row.disposition,
  createdAt: iso(row.created_at),
  completedAt: isoOrNull(row.completed_at),
  rowsLoaded: row.rows_loaded === null ? 0 : Number(row.rows_loaded),
  waitingFor: row.waiting_for,
});

export function runHandlers({ db }: Services) {
  return {
    listRuns: async ({ query }) => {
      const { rows, more } = await listRunsPage(db, query);
      const last = rows.at(-1);
      const next = more && last ? encodeRunsCursor({ createdAtMicros: BigInt(last.created_micros), kind: last.kind, id: last.id }, query.order) : null;
      return { data: rows.map(itemOnWire), next };
    },

    getRunChanges: async ({ query }, c) => {
      const { since, waitSeconds } = query;
      const read = async () => changesOnWire(await runChangesSince(db, since === null ? null : since - CHANGE_OVERLAP_MICROS));
      let answer = await read();
      if (since === null || waitSeconds === 0) return { data: answer };
      // The overlap repeats what the reader was told last time: it waits while nothing changed strictly after
      // `since`, and wakes when the answer differs from the first one (a change, or one committed late).
      const strict = await runChangesSince(db, since);
      if (strict.changedFlows.length > 0 || strict.changedWorkflows.length > 0) return { data: answer };
      const first = changesSignature(answer);
      const deadline = Date.now() + waitSeconds * 1000;
      // A client that has gone away is no longer waited for: its read would go on until the deadline.
      const gone = c.req.raw.signal;
      while (Date.now() < deadline) {
        await pause(Math.min(CHANGE_CHECK_MS, deadline - Date.now()), gone);
        if (gone.aborted) break;
        answer = await read();
        if (changesSignature(answer) !== first) break;
      }
      return { data: answer };
    },
  } satisfies Partial<Handlers>;
}
