import type { HttpHandler } from 'msw';
import { HttpResponse } from 'msw';
import type { AuditEntry } from '@/api/audit';
import { type AuditQuery, encodeAuditCursor } from '@/service-rules/audit-query';
import { type MockContext, route } from './route';

// GET /v2/audit as the service answers it: newest first, the filters of src/service-rules/audit-query.ts,
// keyset paged by the id of the last entry shown.

function matches(entry: AuditEntry, query: AuditQuery): boolean {
  const at = Date.parse(entry.at);
  return (
    (query.actor === null || (entry.actor.type === query.actor.type && entry.actor.id === query.actor.id)) &&
    (query.action === null || entry.action === query.action) &&
    (query.resourceType === null || entry.resource?.type === query.resourceType) &&
    (query.resourceId === null || entry.resource?.id === query.resourceId) &&
    (query.from === null || at >= query.from.getTime()) &&
    (query.to === null || at < query.to.getTime()) &&
    (query.beforeId === null || BigInt(entry.id) < query.beforeId)
  );
}

export function auditHandlers(context: MockContext): HttpHandler[] {
  return [
    route(context, 'listAudit', ({ query }) => {
      const newestFirst = context.db.state.team.audit.filter((entry) => matches(entry, query)).reverse();
      const page = newestFirst.slice(0, query.limit);
      const last = page.at(-1);
      const next = newestFirst.length > page.length && last ? encodeAuditCursor(last.id) : null;
      return HttpResponse.json({ data: page, next });
    }),
  ];
}
