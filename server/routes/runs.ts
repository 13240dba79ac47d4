import { encodeChangesCursor, encodeRunsCursor } from '@/service-rules/runs-query';
import { iso, isoOrNull } from '@/service-rules/wire';
import type { z } from 'zod';
import type { runListItemSchema } from '@/api/runs';
import type { Handlers } from '../http/operations';
import type { Services } from '../services';
import { type RunListRow, listRunsPage, runChangesSince } from '../store/runs';

// Flowdeck's additions (not in the hosted profile): the Runs page's list and the one cheap read of what
// changed, which an idle page polls instead of its lists.

/**
 * A change is reported for this long after it happened: a run's row is written in a transaction whose
 * time is its start, so a change committed just after one read may carry a time just before it.
 */
const CHANGE_OVERLAP_MICROS = 5_000_000n;

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
      const next = more && last ? encodeRunsCursor({ createdAtMicros: BigInt(last.created_micros), kind: last.kind, id: last.id }) : null;
      return { data: rows.map(itemOnWire), next };
    },

    getRunChanges: async ({ query }) => {
      const changes = await runChangesSince(db, query.since === null ? null : query.since - CHANGE_OVERLAP_MICROS);
      return {
        data: {
          changed: { flows: changes.changedFlows, workflows: changes.changedWorkflows },
          active: { flows: changes.activeFlows, workflows: changes.activeWorkflows },
          next: encodeChangesCursor(BigInt(changes.nowMicros)),
        },
      };
    },
  } satisfies Partial<Handlers>;
}
