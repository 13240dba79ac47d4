import { z } from 'zod';
import { readAllPages } from './all-pages';
import { callOperation } from './call-operation';
import { type CallOptions, writeBody } from './client';
import {
  dataOf,
  dateTimeSchema,
  idInputSchema,
  idSchema,
  listOf,
  looksMasked,
  messageResponseSchema,
  type MessageResponse,
  nullableDateTimeSchema,
  openEnum,
} from './common';

// Flowdeck's additions: alert channels (a Slack incoming webhook, or a generic webhook whose body is
// signed with HMAC-SHA256) with their rules, and the deliveries sent to them. A channel's URL is a
// secret: it is sent once, stored encrypted and answered masked, with only its origin shown.

export const ALERT_CHANNEL_KINDS = ['slack', 'webhook'] as const;
export type AlertChannelKind = (typeof ALERT_CHANNEL_KINDS)[number];
/**
 * What a rule listens to: a run that failed, the first success after a failure, a flow gone late (once per
 * lateness), a run that found a resource's columns changed and paused its flow (the flow's `schemaChanges: pause`).
 */
export const ALERT_EVENTS = ['run_failed', 'run_recovered', 'flow_late', 'schema_changed'] as const;
export type AlertEvent = (typeof ALERT_EVENTS)[number];
/** A delivery's event: a rule's, or `test` (Send test). */
export const DELIVERY_EVENTS = [...ALERT_EVENTS, 'test'] as const;
export const DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;

/** The header that carries a webhook channel's signature: `sha256=<hex HMAC-SHA256 of "<timestamp>.<body>">`. */
export const SIGNATURE_HEADER = 'X-Flowdeck-Signature';
/** Unix seconds when the delivery was signed; part of what is signed, so an old delivery replayed later is told apart. */
export const TIMESTAMP_HEADER = 'X-Flowdeck-Timestamp';
/** The delivery's id: the same on every retry of one delivery, so a receiver can drop a repeat. */
export const DELIVERY_HEADER = 'X-Flowdeck-Delivery';
export const SIGNING_SECRET_MIN_CHARS = 16;

export const alertChannelSchema = z.object({
  id: idSchema,
  kind: openEnum(ALERT_CHANNEL_KINDS, 'lower'),
  name: z.string(),
  url: z.string().meta({ description: 'Always masked (`********`): the URL is a secret, never answered.' }),
  address: z.string().meta({ description: 'The URL’s origin (scheme, host and port), to tell channels apart.' }),
  signingSecretSet: z.boolean().meta({ description: 'A webhook channel signs with a secret; never answered itself.' }),
  events: listOf(z.string()),
  flows: z.array(idSchema).nullable().meta({ description: 'The flows its rules apply to; null: every flow.' }),
  createdAt: dateTimeSchema,
  updatedAt: dateTimeSchema,
});
export type AlertChannel = z.infer<typeof alertChannelSchema>;

export const alertDeliverySchema = z.object({
  id: idSchema,
  channel: idSchema,
  event: openEnum(DELIVERY_EVENTS, 'lower'),
  flow: idSchema.nullable(),
  status: openEnum(DELIVERY_STATUSES, 'lower'),
  attempts: z.number().int().nonnegative(),
  statusCode: z.number().int().nullable().meta({ description: 'The HTTP status of the last try; null when no answer came.' }),
  response: z.string().nullable().meta({ description: 'The first 200 characters of the last answer’s body.' }),
  error: z.string().nullable().meta({ description: 'Why the last try failed (the URL is never part of it).' }),
  createdAt: dateTimeSchema,
  completedAt: nullableDateTimeSchema,
});
export type AlertDelivery = z.infer<typeof alertDeliverySchema>;

const notMasked = (value: string) => !looksMasked(value);
const channelUrlSchema = z
  .string()
  .trim()
  .min(1, 'Enter the URL')
  .max(2048, 'The URL is longer than 2048 characters')
  .refine(notMasked, 'A masked URL cannot be sent back; leave it out to keep it.')
  .refine((value) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol), 'Enter an http:// or https:// URL');
const signingSecretSchema = z
  .string()
  .min(SIGNING_SECRET_MIN_CHARS, `At least ${String(SIGNING_SECRET_MIN_CHARS)} characters`)
  .max(512)
  .refine(notMasked, 'A masked secret cannot be sent back; leave it out to keep it.');
const channelFields = {
  kind: z.enum(ALERT_CHANNEL_KINDS),
  name: z.string().trim().min(1, 'Name the channel'),
  url: channelUrlSchema,
  signingSecret: signingSecretSchema.optional(),
  events: z.array(z.enum(ALERT_EVENTS)).max(ALERT_EVENTS.length),
  flows: z.array(idInputSchema).min(1, 'Pick at least one flow, or choose all flows').max(1000).nullable(),
};

/** The create-channel body, validated alike by the service, the mock and the dashboard. A webhook channel needs its signing secret. */
export const createAlertChannelInputSchema = z
  .strictObject({ ...channelFields, events: channelFields.events.default([...ALERT_EVENTS]), flows: channelFields.flows.default(null) })
  .refine((input) => input.kind !== 'webhook' || input.signingSecret !== undefined, {
    path: ['signingSecret'],
    message: 'A webhook channel needs a signing secret',
  });
export type CreateAlertChannelInput = z.input<typeof createAlertChannelInputSchema>;

/**
 * Only what changes; the kind stays. A new URL of a webhook channel must come with its signing secret
 * again (the service refuses it otherwise): a secret goes only to the address it was entered for.
 */
export const updateAlertChannelInputSchema = z.strictObject({
  name: channelFields.name.optional(),
  url: channelFields.url.optional(),
  signingSecret: channelFields.signingSecret,
  events: channelFields.events.optional(),
  flows: channelFields.flows.optional(),
});
export type UpdateAlertChannelInput = z.input<typeof updateAlertChannelInputSchema>;

/** GET /v2/alerts/channels */
export function listAlertChannels(options: CallOptions = {}): Promise<AlertChannel[]> {
  return readAllPages((page) =>
    callOperation('listAlertChannels', 'GET /alerts/channels', { query: { ...page }, schema: dataOf(listOf(alertChannelSchema)) }, options),
  );
}

/** GET /v2/alerts/channels/{id} */
export function getAlertChannel(id: number, options: CallOptions = {}): Promise<AlertChannel> {
  return callOperation('getAlertChannel', 'GET /alerts/channels/{id}', { params: { id }, schema: dataOf(alertChannelSchema) }, options);
}

/** POST /v2/alerts/channels */
export function createAlertChannel(input: CreateAlertChannelInput, options: CallOptions = {}): Promise<AlertChannel> {
  return callOperation(
    'createAlertChannel',
    'POST /alerts/channels',
    { body: writeBody(createAlertChannelInputSchema, input), schema: dataOf(alertChannelSchema) },
    options,
  );
}

/** PATCH /v2/alerts/channels/{id} */
export function updateAlertChannel(id: number, input: UpdateAlertChannelInput, options: CallOptions = {}): Promise<AlertChannel> {
  return callOperation(
    'updateAlertChannel',
    'PATCH /alerts/channels/{id}',
    { params: { id }, body: writeBody(updateAlertChannelInputSchema, input), schema: dataOf(alertChannelSchema) },
    options,
  );
}

/** DELETE /v2/alerts/channels/{id}: answers `{ data: true }`; its deliveries go with it. */
export function deleteAlertChannel(id: number, options: CallOptions = {}): Promise<MessageResponse> {
  return callOperation('deleteAlertChannel', 'DELETE /alerts/channels/{id}', { params: { id }, schema: messageResponseSchema }, options);
}

/** POST /v2/alerts/channels/{id}/test: queues a `test` delivery and answers it (202, status pending). */
export function sendTestAlert(id: number, options: CallOptions = {}): Promise<AlertDelivery> {
  return callOperation('sendTestAlert', 'POST /alerts/channels/{id}/test', { params: { id }, schema: dataOf(alertDeliverySchema) }, options);
}

/** GET /v2/alerts/channels/{id}/deliveries: newest first (one page: the channel page shows the last ones). */
export function listAlertDeliveries(id: number, params: { limit?: number } = {}, options: CallOptions = {}): Promise<AlertDelivery[]> {
  return callOperation(
    'listAlertDeliveries',
    'GET /alerts/channels/{id}/deliveries',
    { params: { id }, query: { limit: params.limit ?? 20 }, schema: dataOf(listOf(alertDeliverySchema)) },
    options,
  );
}
