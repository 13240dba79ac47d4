import type { Context } from 'hono';
import type { Operation, OperationName } from '@/api/operations';
import { inRequestTransaction, RollBack } from '../db/request-transaction';
import type { Caller } from '../http/auth';
import { clientAddress } from '../http/guess-throttle';
import type { Services } from '../services';
import { type AuditActor, insertAuditEntry } from '../store/audit-log';
import { findCard } from '../store/cards';
import { findWebhookByPublicId } from '../store/webhooks';
import { findSource } from '../store/sources';
import { resolverListOf } from '../runs/resolvers';
import { changesOf, type Changes } from './changes';
import { type AuditContext, type ObjectRef, OBJECT_READERS, type ReadContext, type Snapshot } from './objects';
import { AUDIT_RULES, type AuditRule, defaultRef, type Exchange } from './rules';

// The audit hook of registerOperations: an audited operation's handler runs inside one transaction
// (request-transaction.ts: every query of the request goes to it), and its entry is written on it before
// COMMIT. A handler that throws, or answers an error of its own (a 413), rolls back and leaves no entry.

/** A handler as the hook sees it: input in, an answer or a raw Response (RawAnswer) out. */
type AnyHandler = (input: never, c: Context) => unknown;

export const rawStatus = (answer: unknown): number | null =>
  typeof answer === 'object' && answer !== null && 'response' in answer && answer.response instanceof Response
    ? (answer as { response: Response }).response.status
    : null;

export function ruleOf(name: OperationName): AuditRule | false {
  return (AUDIT_RULES as Partial<Record<OperationName, AuditRule | false>>)[name] ?? false;
}

export function auditContext(read: ReadContext, hashId: string | undefined, webhookId: string | undefined): AuditContext {
  const { services } = read;
  let card: ReturnType<typeof findCard> | null = null;
  const cardOf = () => (hashId === undefined ? Promise.resolve(undefined) : (card ??= findCard(services.db, hashId)));
  return {
    ...read,
    cardId: async () => (await cardOf())?.id ?? null,
    cardSourceId: async () => (await cardOf())?.source_id ?? null,
    webhookWorkflowId: async () => (webhookId === undefined ? null : ((await findWebhookByPublicId(services.db, webhookId))?.workflow_id ?? null)),
    readResolvers: async (sourceId) => {
      const row = await findSource(services.db, sourceId);
      if (!row) return null;
      const fields = Object.fromEntries(resolverListOf(row).resolvers.map((resolver) => [`resolvers.${resolver.name}.suppressed`, resolver.suppressed]));
      return { name: null, fields, secrets: {} };
    },
  };
}

/** Who acted: the signed-in caller, the card link's recipient, or a webhook delivery. */
export async function actorOf(operation: Operation, c: Context, context: AuditContext): Promise<{ actor: AuditActor; address: string }> {
  if (operation.access === 'key') {
    const caller = c.get('caller') as Caller;
    return { actor: { type: caller.type, id: String(caller.id), name: caller.name }, address: caller.address };
  }
  const address = clientAddress(c);
  if (operation.access === 'card') {
    const id = await context.cardId();
    return { actor: { type: 'card', id: id === null ? null : String(id), name: `Card link ${String(id)}` }, address };
  }
  const webhook = c.req.param('webhook_id');
  const row = webhook === undefined ? undefined : await findWebhookByPublicId(context.services.db, webhook);
  return { actor: { type: 'webhook', id: row ? String(row.id) : null, name: row ? `${row.provider} webhook` : 'Webhook' }, address };
}

async function snapshot(rule: AuditRule, context: AuditContext, ref: ObjectRef | null): Promise<Snapshot | null> {
  if (!ref || !rule.object) return null;
  return (rule.read ?? OBJECT_READERS[rule.object])(context, ref);
}

/** The handler of `operation`, recording its change in the change's transaction when its rule says it is one. */
export function audited<H extends AnyHandler>(operation: Operation, handler: H, services: Services, handlers: ReadContext['handlers']): H {
  const rule = ruleOf(operation.name as OperationName);
  if (rule === false) return handler;
  const run = (input: Parameters<H>[0], c: Context) =>
    inRequestTransaction(services.db, async (transaction) => {
      const exchange = { ...(input as { params?: object; query?: object; body?: unknown }) };
      const context = auditContext({ services, handlers, c }, c.req.param('hash_id'), c.req.param('webhook_id'));
      // What an update or a delete changes is read in its transaction, before the handler changes it; but
      // not while a body streams in (the logo): its transaction begins at its first write.
      if ((rule.kind === 'update' || rule.kind === 'delete') && !operation.upload) await transaction.begin();
      const partial = {
        params: (exchange.params ?? {}) as Record<string, unknown>,
        query: (exchange.query ?? {}) as Record<string, unknown>,
        body: exchange.body,
      };
      const refOf = async (exchange: Exchange) => (rule.ref ? rule.ref(exchange, context) : defaultRef(rule.kind, exchange));
      // An update or a delete names its object before the handler (to read it as it was); a create or an act after it.
      const readsBefore = rule.kind === 'update' || rule.kind === 'delete';
      const refBefore = readsBefore ? await refOf({ ...partial, answer: undefined }) : null;
      const before = readsBefore ? await snapshot(rule, context, refBefore) : null;

      const answer = await handler(input, c);
      const status = rawStatus(answer);
      if (status !== null && status >= 400) throw new RollBack(answer);
      const done: Exchange = { ...partial, answer };
      if (rule.changed ? !rule.changed(done) : status !== null) return answer;

      // Who acted is looked up once the handler has judged the request (a webhook id of odd bytes never reaches a query).
      const who = await actorOf(operation, c, context);
      const ref = readsBefore ? refBefore : await refOf(done);
      const after = rule.kind === 'delete' ? null : await snapshot(rule, context, ref);
      const changes: Changes | null = mergeChanges(changesOf(rule.kind, before, after), rule.asked?.(done) ?? null);
      await insertAuditEntry(services.db, {
        ...who,
        action: operation.name,
        resource: rule.object ? { type: rule.object, id: ref?.id == null ? null : String(ref.id), name: (after ?? before)?.name ?? nameIn(answer) } : null,
        changes: changes,
      });
      return answer;
    });
  return run as unknown as H;
}

function mergeChanges(fields: Changes | null, asked: Changes | null): Changes | null {
  return fields === null && asked === null ? null : { ...fields, ...asked };
}

/** An object's name in an answer that is not a snapshot (an upload's file name). */
function nameIn(answer: unknown): string | null {
  const data = (answer as { data?: { name?: unknown } } | null)?.data;
  return typeof data?.name === 'string' ? data.name : null;
}
