import { createHash } from 'node:crypto';
import type { Context } from 'hono';
import { NotFound } from '@/service-rules/errors';
import type { Handlers } from '../http/operations';
import type { StoredProperties } from '../properties';
import type { Services } from '../services';
import { findCardById } from '../store/cards';
import { findChannel } from '../store/alerts';
import { findDestination } from '../store/destinations';
import { findSource } from '../store/sources';
import { findWebhook } from '../store/webhooks';
import { findWorkflow } from '../store/workflows';
import { wireWorkflow } from '../routes/workflows';
import { findKeyForAudit, findUserForAudit } from '../store/audit-objects';

// The objects an audit entry names, each read as the interface answers it (the get operation's wire
// shape, read in the change's transaction), so `changes` names the fields users see. What the wire
// masks or a secret the service keeps sealed is compared here by a digest that never leaves memory:
// an entry says only that it changed. Credentials the service made (a card's or a webhook's address,
// an API key) are never part of a snapshot.

export const OBJECT_TYPES = [
  'source',
  'destination',
  'flow',
  'workflow',
  'webhook trigger',
  'card',
  'alert channel',
  'settings',
  'user',
  'key',
  'upload',
] as const;
export type ObjectType = (typeof OBJECT_TYPES)[number];

/** Which object: its id, and the id of what it belongs to (a webhook trigger's workflow, a card's source). */
export interface ObjectRef {
  /** null: the one object of its type (the settings). */
  id: number | null;
  parentId?: number;
}

/** An object as an entry sees it: its name, its visible fields, and a digest of each secret (null: none set). */
export interface Snapshot {
  name: string | null;
  fields: Record<string, unknown>;
  secrets: Record<string, string | null>;
}

export interface ReadContext {
  services: Services;
  handlers: Handlers;
  c: Context;
}

/** What the rules may ask about the request beyond its input: the card or webhook it came through, a source's resolvers. */
export interface AuditContext extends ReadContext {
  cardId: () => Promise<number | null>;
  cardSourceId: () => Promise<number | null>;
  webhookWorkflowId: () => Promise<number | null>;
  readResolvers: (sourceId: number) => Promise<Snapshot | null>;
}

type Reader = (context: ReadContext, ref: ObjectRef) => Promise<Snapshot | null>;

/** A reader of objects that have an id (all but the settings). */
const byId =
  (read: (context: ReadContext, ref: { id: number; parentId?: number }) => Promise<Snapshot | null>): Reader =>
  (context, { id, parentId }) =>
    id === null ? Promise.resolve(null) : read(context, parentId === undefined ? { id } : { id, parentId });

/** Fields that change by themselves or only restate others: never a change anyone made. */
const NOT_CHANGES = new Set(['id', 'createdAt', 'updatedAt', 'freshness', 'nextRunAt', 'lastSeenAt', 'lastUsedAt', 'lastTriggeredAt', 'triggerCount']);

const digest = (value: string | number | boolean) => createHash('sha256').update(String(value)).digest('hex');

function visible(data: object, hidden: readonly string[] = []): Record<string, unknown> {
  return Object.fromEntries(Object.entries(data).filter(([field]) => !NOT_CHANGES.has(field) && !hidden.includes(field)));
}

/** The `data` of a get handler's answer (the object's wire shape), or null when it answers 404. */
async function wireOf(handler: (input: never, c: Context) => unknown, input: unknown, c: Context): Promise<Record<string, unknown> | null> {
  try {
    const answer = (await handler(input as never, c)) as { data?: unknown };
    return typeof answer.data === 'object' && answer.data !== null ? (answer.data as Record<string, unknown>) : null;
  } catch (error) {
    if (error instanceof NotFound) return null;
    throw error;
  }
}

/** A source's or destination's wire shape, its properties one field each (`properties.host`), its secrets by digest. */
function configured(wire: Record<string, unknown>, stored: StoredProperties, specField: string, open: (sealed: string) => string): Snapshot {
  const fields = visible(wire, ['properties', specField]);
  const spec = wire[specField];
  fields[specField] = typeof spec === 'object' && spec !== null ? (spec as { name?: unknown }).name : spec;
  const secrets: Record<string, string | null> = {};
  for (const [name, value] of Object.entries(stored)) {
    if (typeof value === 'object') secrets[`properties.${name}`] = digest(open(value.$secret));
    else fields[`properties.${name}`] = value;
  }
  return { name: typeof wire.displayName === 'string' ? wire.displayName : null, fields, secrets };
}

export const OBJECT_READERS: Record<ObjectType, Reader> = {
  source: byId(async ({ services, handlers, c }, { id }) => {
    const row = await findSource(services.db, id);
    const data = row ? await wireOf(handlers.getSource, { params: { id } }, c) : null;
    return row && data ? configured(data, row.properties, 'sourceSpec', (sealed) => services.box.open(sealed)) : null;
  }),
  destination: byId(async ({ services, handlers, c }, { id }) => {
    const row = await findDestination(services.db, id);
    const data = row ? await wireOf(handlers.getDestination, { params: { id } }, c) : null;
    return row && data ? configured(data, row.properties, 'destinationSpec', (sealed) => services.box.open(sealed)) : null;
  }),
  flow: byId(async ({ handlers, c }, { id }) => {
    const data = await wireOf(handlers.getFlow, { params: { id } }, c);
    return data && { name: typeof data.displayName === 'string' ? data.displayName : null, fields: visible(data), secrets: {} };
  }),
  workflow: byId(async ({ services }, { id }) => {
    const row = await findWorkflow(services.db, id);
    // Its freshness changes by itself: the shape without it.
    return row ? { name: row.name, fields: visible(wireWorkflow(row, undefined)), secrets: {} } : null;
  }),
  'webhook trigger': byId(async ({ services, handlers, c }, { id, parentId }) => {
    const row = await findWebhook(services.db, parentId ?? 0, id);
    const data = row ? await wireOf(handlers.getWebhookTrigger, { params: { id: parentId, webhook_trigger_id: id } }, c) : null;
    if (!row || !data) return null;
    const signing = row.signing_secret === null ? null : digest(services.box.open(row.signing_secret));
    return { name: `${row.provider} webhook`, fields: visible(data, ['url', 'webhookId', 'webhook_id']), secrets: { signingSecret: signing } };
  }),
  card: byId(async ({ services }, { id }) => {
    const card = await findCardById(services.db, id);
    if (!card) return null;
    const fields = {
      sourceId: card.source_id,
      type: card.type,
      expiresAt: card.expires_at.toISOString(),
      submittedAt: card.submitted_at?.toISOString() ?? null,
      revokedAt: card.revoked_at?.toISOString() ?? null,
      instruction: card.instruction,
      senderName: card.sender_name,
      redirectUrl: card.redirect_url,
      imageUrl: card.image_url,
    };
    return { name: `Card link for ${card.source_name}`, fields, secrets: {} };
  }),
  'alert channel': byId(async ({ services, handlers, c }, { id }) => {
    const row = await findChannel(services.db, id);
    const data = row ? await wireOf(handlers.getAlertChannel, { params: { id } }, c) : null;
    if (!row || !data) return null;
    const open = (sealed: string | null) => (sealed === null ? null : digest(services.box.open(sealed)));
    return {
      name: row.name,
      fields: visible(data, ['url', 'signingSecretSet']),
      secrets: { url: open(row.url_sealed), signingSecret: open(row.signing_secret_sealed) },
    };
  }),
  settings: async ({ handlers, c }) => {
    const data = await wireOf(handlers.getSettings, {}, c);
    return data && { name: 'Settings', fields: visible(data), secrets: {} };
  },
  user: byId(async ({ services }, { id }) => {
    const user = await findUserForAudit(services.db, id);
    return user && { name: user.name, fields: visible(user), secrets: {} };
  }),
  key: byId(async ({ services }, { id }) => {
    const key = await findKeyForAudit(services.db, id);
    return key && { name: key.name, fields: visible(key), secrets: {} };
  }),
  // An uploaded file is no row: what an entry says of it comes from the upload's answer.
  upload: () => Promise.resolve(null),
};
