import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { type AuditEntry, type AuditParams, listAudit, MAX_AUDIT_LIMIT } from '@/api/audit';
import { resourceKeys } from './keys';

// The audit log: the Audit log page's pages (newest first, "Load more" by cursor), an object's last few
// entries (its Activity section) and every entry of a filter, for the JSON Lines export.

export const auditKeys = resourceKeys('audit');

export type AuditFilters = Omit<AuditParams, 'limit' | 'cursor'>;

/** How many entries the Audit log page shows at a time. */
export const AUDIT_PAGE_SIZE = 50;
/** How many entries an object's Activity section shows. */
export const ACTIVITY_SIZE = 5;
/** The export stops here: a longer log is exported by narrowing the time range. */
export const EXPORT_LIMIT = 10_000;

export const auditQueries = {
  pages: (filters: AuditFilters) =>
    infiniteQueryOptions({
      queryKey: auditKeys.list({ ...filters, pages: true }),
      queryFn: ({ pageParam, signal }) => listAudit({ ...filters, limit: AUDIT_PAGE_SIZE, ...(pageParam ? { cursor: pageParam } : {}) }, { signal }),
      initialPageParam: null as string | null,
      getNextPageParam: (page) => page.next,
    }),
  activity: (resourceType: string, resourceId: number) =>
    queryOptions({
      queryKey: auditKeys.list({ resourceType, resourceId: String(resourceId), limit: ACTIVITY_SIZE }),
      queryFn: ({ signal }) => listAudit({ resourceType, resourceId: String(resourceId), limit: ACTIVITY_SIZE }, { signal }),
    }),
};

/** Every entry of a filter, newest first, page after page up to EXPORT_LIMIT. */
export async function allAuditEntries(filters: AuditFilters): Promise<{ entries: AuditEntry[]; complete: boolean }> {
  const entries: AuditEntry[] = [];
  let cursor: string | null = null;
  do {
    const page = await listAudit({ ...filters, limit: MAX_AUDIT_LIMIT, ...(cursor ? { cursor } : {}) });
    entries.push(...page.data);
    cursor = page.next;
  } while (cursor !== null && entries.length < EXPORT_LIMIT);
  return { entries, complete: cursor === null };
}
