import { z } from 'zod';
import { readAllPages } from './all-pages';
import { callOperation, type RouteOf, routeRequest } from './call-operation';
import { type CallOptions, request, writeBody } from './client';
import { dataOf, idInputSchema, idSchema, listOf, messageResponseSchema, type MessageResponse, nullableDateTimeSchema, nullableText } from './common';

/** `provider` and `status` are open sets (only `slack` and `active` are shown). */
export const webhookTriggerSchema = z
  .object({
    id: idSchema,
    webhook_id: z.string(),
    workflow_id: idSchema,
    provider: z.string().transform((value) => value.toLowerCase()),
    url: z.string(),
    status: z.string().transform((value) => value.toLowerCase()),
    trigger_count: z.number().int().nonnegative().default(0),
    credential_source_id: idSchema.nullish().transform((value) => value ?? null),
    created_at: nullableDateTimeSchema,
    event_type: nullableText,
    last_triggered_at: nullableDateTimeSchema,
  })
  .transform((trigger) => ({
    id: trigger.id,
    webhookId: trigger.webhook_id,
    workflowId: trigger.workflow_id,
    provider: trigger.provider,
    url: trigger.url,
    status: trigger.status,
    triggerCount: trigger.trigger_count,
    credentialSourceId: trigger.credential_source_id,
    createdAt: trigger.created_at,
    eventType: trigger.event_type,
    lastTriggeredAt: trigger.last_triggered_at,
  }));
export type WebhookTrigger = z.infer<typeof webhookTriggerSchema>;

/** GET /v2/workflows/{id}/webhooks/{webhook_trigger_id} */
export function getWebhookTrigger(workflowId: number, triggerId: number, options: CallOptions = {}): Promise<WebhookTrigger> {
  return callOperation(
    'getWebhookTrigger',
    'GET /workflows/{id}/webhooks/{webhook_trigger_id}',
    { params: { id: workflowId, webhook_trigger_id: triggerId }, schema: dataOf(webhookTriggerSchema) },
    options,
  );
}

/** DELETE /v2/workflows/{id}/webhooks/{webhook_trigger_id}: answers `{ data: true }`. */
export function deleteWebhookTrigger(workflowId: number, triggerId: number, options: CallOptions = {}): Promise<MessageResponse> {
  return callOperation(
    'deleteWebhookTrigger',
    'DELETE /workflows/{id}/webhooks/{webhook_trigger_id}',
    { params: { id: workflowId, webhook_trigger_id: triggerId }, schema: messageResponseSchema },
    options,
  );
}

// Flowdeck's additions: the interface only gets a trigger by id; the local service also lists and creates them.

/** GET /v2/workflows/{id}/webhooks. A service without it answers 404 (see `isApiError(error, 'not_found')`). */
export function listWebhookTriggers(workflowId: number, options: CallOptions = {}): Promise<WebhookTrigger[]> {
  return readAllPages((page) =>
    callOperation(
      'listWebhookTriggers',
      'GET /workflows/{id}/webhooks',
      { params: { id: workflowId }, query: { ...page }, schema: dataOf(listOf(webhookTriggerSchema)) },
      options,
    ),
  );
}

/**
 * The create-trigger body on the wire, in the service's snake_case: what the service and the mock
 * service validate. A Slack signing secret makes the trigger refuse unsigned requests; it is sent once
 * and never read back.
 */
export const webhookTriggerBodySchema = z.strictObject({
  provider: z.string().trim().min(1, 'Choose a provider').toLowerCase(),
  event_type: z.string().trim().min(1, 'Name the event type'),
  signing_secret: z.string().trim().min(1).optional(),
  credential_source_id: idInputSchema.optional(),
});

/** The dashboard's writer: camelCase in, the wire body out. */
export const createWebhookTriggerInputSchema = z
  .strictObject({
    provider: z.string(),
    eventType: z.string(),
    signingSecret: z.string().optional(),
  })
  .transform(({ provider, eventType, signingSecret }) => ({
    provider,
    event_type: eventType,
    ...(signingSecret === undefined ? {} : { signing_secret: signingSecret }),
  }))
  .pipe(webhookTriggerBodySchema);
export type CreateWebhookTriggerInput = z.input<typeof createWebhookTriggerInputSchema>;

/** POST /v2/workflows/{id}/webhooks */
export async function createWebhookTrigger(workflowId: number, input: CreateWebhookTriggerInput, options: CallOptions = {}): Promise<WebhookTrigger> {
  return callOperation(
    'createWebhookTrigger',
    'POST /workflows/{id}/webhooks',
    { params: { id: workflowId }, body: writeBody(createWebhookTriggerInputSchema, input), schema: dataOf(webhookTriggerSchema) },
    options,
  );
}

/** Answers of a webhook delivery: `{ message }`, or Slack's url_verification `{ challenge }`. */
export const webhookDeliveryAnswerSchema = z.object({ message: z.string().optional(), challenge: z.unknown().optional() });
export type WebhookDeliveryAnswer = z.infer<typeof webhookDeliveryAnswerSchema>;

const DELIVER_WEBHOOK: RouteOf<'deliverWebhook'> = 'POST /webhooks/{webhook_id}';

/**
 * POST /v2/webhooks/{webhook_id} (Flowdeck's addition): what a provider such as Slack sends to a trigger's
 * `url`; starts the trigger's workflow. No API key: the webhook id is the credential, so none is sent. The
 * body is the provider's, which the service reads as it comes (it may be signed), so it is sent as given.
 */
export function deliverWebhook(webhookId: string, body: unknown, options: CallOptions = {}): Promise<WebhookDeliveryAnswer> {
  return request({ ...routeRequest(DELIVER_WEBHOOK, { webhook_id: webhookId }), body, schema: webhookDeliveryAnswerSchema, token: '', ...options });
}
