import { encodeAuditCursor } from '@/service-rules/audit-query';
import type { Handlers } from '../http/operations';
import type { Services } from '../services';
import { type AuditRow, listAuditEntries } from '../store/audit-log';

// GET /v2/audit: who changed what, newest first, a page at a time (the query is read by
// src/service-rules/audit-query.ts, which the mock reads with too).

const entryOnWire = (row: AuditRow) => ({
  id: row.id,
  at: row.at.toISOString(),
  actor: { type: row.actor_type, id: row.actor_id, name: row.actor_name },
  address: row.address,
  action: row.action,
  resource: row.resource_type === null ? null : { type: row.resource_type, id: row.resource_id, name: row.resource_name },
  changes: row.changes,
});

export function auditHandlers(services: Services) {
  return {
    listAudit: async ({ query }) => {
      const rows = await listAuditEntries(services.db, query);
      const page = rows.slice(0, query.limit);
      const last = page[page.length - 1];
      return { data: page.map(entryOnWire), next: rows.length > query.limit && last ? encodeAuditCursor(last.id) : null };
    },
  } satisfies Partial<Handlers>;
}
