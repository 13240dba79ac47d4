import { z } from 'zod';
import { callOperation } from './call-operation';
import type { CallOptions } from './client';
import { dateTimeSchema, listOf, nullableText } from './common';

// Flowdeck's addition: who changed what, and when. Every change made through the interface is recorded
// in the same transaction as the change, with sign-ins, failed sign-ins and a key's use from a new
// address. A secret's value is never in an entry: a changed secret reads "changed".

export const DEFAULT_AUDIT_LIMIT = 50;
export const MAX_AUDIT_LIMIT = 500;
export const ACTOR_TYPES = ['user', 'key', 'card', 'webhook', 'system', 'anonymous'] as const;
/** What a changed secret reads as in `changes`. */
export const SECRET_CHANGED = 'changed';

const changeSchema = z.object({ before: z.unknown(), after: z.unknown() });

export const auditEntrySchema = z.object({
  id: z.string().meta({ description: 'Opaque; entries with a higher id were recorded later.' }),
  at: dateTimeSchema,
  actor: z.object({ type: z.enum(ACTOR_TYPES), id: nullableText, name: z.string() }),
  address: nullableText.meta({ description: 'The client address the request came from.' }),
  action: z.string().meta({ description: "The operation's name (createFlow, runFlow…) or an event (signIn, signInFailed, keyUsedFromNewAddress)." }),
  resource: z
    .object({ type: z.string(), id: nullableText, name: nullableText })
    .nullable()
    .meta({ description: 'The object acted on; its name as it was then.' }),
  changes: z
    .record(z.string(), changeSchema)
    .nullable()
    .meta({ description: `Changed fields, before and after; a secret's are "${SECRET_CHANGED}".` }),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditPageSchema = z.object({
  data: listOf(auditEntrySchema),
  next: nullableText.meta({ description: 'The cursor of the next (older) page, or null on the last.' }),
});
export type AuditPage = z.infer<typeof auditPageSchema>;

/** The filters of GET /v2/audit, every one optional; `actor` is `user:<id>` or `key:<id>`; [from, to) bound `at`. */
export const auditParamsSchema = z.strictObject({
  actor: z
    .string()
    .regex(/^(user|key):\d{1,10}$/, 'An actor is user:<id> or key:<id>')
    .optional(),
  action: z.string().max(100).optional(),
  resourceType: z.string().max(50).optional(),
  resourceId: z.string().max(50).optional(),
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
  limit: z.number().int().min(1).max(MAX_AUDIT_LIMIT).optional(),
  cursor: z.string().max(100).optional(),
});
export type AuditParams = z.input<typeof auditParamsSchema>;

/** GET /v2/audit: newest first, keyset paged (pass `next` back as `cursor`). */
export function listAudit(params: AuditParams = {}, options: CallOptions = {}): Promise<AuditPage> {
  return callOperation('listAudit', 'GET /audit', { query: { ...auditParamsSchema.parse(params) }, schema: auditPageSchema }, options);
}
