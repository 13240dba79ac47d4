import { iso, isoOrNull, type WireRunSpan } from '@/service-rules/wire';
import type { Handlers } from '../http/operations';
import type { Services } from '../services';
import { type RunSpanRow, runsInWindow } from '../store/timeline';

const spanOnWire = (row: RunSpanRow): WireRunSpan => ({
  kind: row.kind,
  owner: row.owner,
  id: row.id,
  number: row.number,
  trigger: row.trigger,
  lifecycle: row.lifecycle,
  disposition: row.disposition,
  errors: row.errors,
  createdAt: iso(row.created_at),
  completedAt: isoOrNull(row.completed_at),
});

/** Flowdeck's addition (not in the hosted profile): the runs of every flow and workflow in a window, for the overview's timeline. */
export function timelineHandlers({ db }: Services) {
  return {
    listTimeline: async ({ query }) => ({ data: (await runsInWindow(db, query)).map(spanOnWire) }),
  } satisfies Partial<Handlers>;
}
