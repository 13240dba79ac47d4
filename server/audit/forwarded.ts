import type { Context } from 'hono';
import { SECRET_CHANGED } from '@/api/audit';
import type { Operation, OperationName } from '@/api/operations';
import type { Services } from '../services';
import { insertAuditEntry } from '../store/audit-log';
import type { Changes } from './changes';
import type { ReadContext } from './objects';
import { actorOf, auditContext, rawStatus, ruleOf } from './record';
import { defaultRef } from './rules';

// The audit log of a team's proxy (http/forward.ts): the objects live upstream, so an entry is written
// once the upstream answered yes, with what the caller asked for as the fields after (the upstream's
// before is not read). A field that may hold a secret (every connector property, a URL, a key, a
// password, a token) reads "changed"; no transaction is held around the upstream's answer.

type AnyHandler = (input: never, c: Context) => unknown;

/** Field names whose value may be a credential: never written, only "changed". */
const SECRET_FIELD = /secret|password|token|key|url|properties/i;

function askedChanges(body: unknown): Changes | null {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return null;
  const changes: Changes = {};
  for (const [field, value] of Object.entries(body)) changes[field] = { before: null, after: SECRET_FIELD.test(field) ? SECRET_CHANGED : value };
  return Object.keys(changes).length > 0 ? changes : null;
}

/** A created object's answer is small; an upstream that answers more is not read for its name (nor held in memory). */
const MAX_ANSWER_READ_BYTES = 64 * 1024;

/** The body of `response`'s copy, or null past MAX_ANSWER_READ_BYTES. */
async function boundedText(response: Response): Promise<string | null> {
  const reader = response.clone().body?.getReader();
  if (!reader) return null;
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_ANSWER_READ_BYTES) {
      void reader.cancel(); // a cloned body's cancel settles only once the original is done too
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** The created object's id and a name, from the upstream's answer (`{ data: { id, displayName | name } }`). */
export async function answered(answer: unknown): Promise<{ id: number | null; name: string | null }> {
  const response = (answer as { response?: Response }).response;
  if (!response?.headers.get('content-type')?.includes('json')) return { id: null, name: null };
  try {
    const text = await boundedText(response);
    if (text === null) return { id: null, name: null };
    const { data } = JSON.parse(text) as { data?: { id?: unknown; displayName?: unknown; name?: unknown } };
    const name = typeof data?.displayName === 'string' ? data.displayName : typeof data?.name === 'string' ? data.name : null;
    return { id: typeof data?.id === 'number' ? data.id : null, name };
  } catch {
    return { id: null, name: null };
  }
}

/** The handler of an operation a team's proxy sends upstream, recording its change when the upstream made it. */
export function auditedForward<H extends AnyHandler>(operation: Operation, handler: H, services: Services, handlers: ReadContext['handlers']): H {
  const rule = ruleOf(operation.name as OperationName);
  if (rule === false) return handler;
  const run = async (input: Parameters<H>[0], c: Context) => {
    const answer = await handler(input, c);
    const status = rawStatus(answer) ?? 200;
    const exchange = { params: {}, query: {}, body: undefined, ...(input as object), answer };
    if (status >= 300 || (rule.changed && !rule.changed(exchange))) return answer;
    const context = auditContext({ services, handlers, c }, c.req.param('hash_id'), c.req.param('webhook_id'));
    const made = rule.kind === 'create' ? await answered(answer) : { id: null, name: null };
    const id = rule.kind === 'create' ? made.id : (defaultRef(rule.kind, exchange)?.id ?? null);
    await insertAuditEntry(services.db, {
      ...(await actorOf(operation, c, context)),
      action: operation.name,
      resource: rule.object ? { type: rule.object, id: id === null ? null : String(id), name: made.name } : null,
      changes: rule.kind === 'create' || rule.kind === 'update' ? askedChanges(exchange.body) : null,
    });
    return answer;
  };
  return run as unknown as H;
}
