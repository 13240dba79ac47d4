import { z } from 'zod';
import type { AuditFilters } from '@/resources/audit';

// The Audit log page's filters, in the URL so a view is shareable and survives reload: who (user:<id> or
// key:<id>), what (an action), which object (its type, and its id), and a range of days. A bad value
// opens the page without that filter, never an error screen.

const DAY = /^\d{4}-\d{2}-\d{2}$/;

export const auditSearchSchema = z.object({
  actor: z
    .string()
    .regex(/^(user|key):\d{1,10}$/)
    .optional()
    .catch(undefined),
  action: z.string().max(100).optional().catch(undefined),
  resourceType: z.string().max(50).optional().catch(undefined),
  resourceId: z.string().max(50).optional().catch(undefined),
  /** Days, in the browser's zone: from the start of `from` to the end of `to`. */
  from: z.string().regex(DAY).optional().catch(undefined),
  to: z.string().regex(DAY).optional().catch(undefined),
});
export type AuditSearch = z.infer<typeof auditSearchSchema>;

const startOf = (day: string) => new Date(`${day}T00:00:00`);

/** The filters the service reads: the days become the instants that bound them. */
export function filtersOf(search: AuditSearch): AuditFilters {
  const next = search.to ? startOf(search.to) : null;
  next?.setDate(next.getDate() + 1);
  return {
    ...(search.actor ? { actor: search.actor } : {}),
    ...(search.action ? { action: search.action } : {}),
    ...(search.resourceType ? { resourceType: search.resourceType } : {}),
    ...(search.resourceId ? { resourceId: search.resourceId } : {}),
    ...(search.from ? { from: startOf(search.from).toISOString() } : {}),
    ...(next ? { to: next.toISOString() } : {}),
  };
}
