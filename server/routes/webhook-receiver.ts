import { createHmac, timingSafeEqual } from 'node:crypto';
import type { AnswerOf } from '@/api/operation-types';
import { MESSAGES } from '@/api/messages';
import { Conflict, NotFound } from '@/service-rules/errors';
import { HttpError, unauthorized } from '../http/errors';
import { type Handlers, RawAnswer } from '../http/operations';
import type { Services } from '../services';
import { claimReceipt, findWebhookByPublicId, recordTriggered, releaseReceipt, type WebhookRow } from '../store/webhooks';
import { findWorkflow } from '../store/workflows';

// POST {url} of a webhook trigger starts its workflow. No API key: the unguessable webhook id in the
// URL is the credential, and a Slack trigger with a signing secret also checks Slack's signature
// (https://api.slack.com/authentication/verifying-requests-from-slack), and accepts each signed request
// once: a replay within the 5-minute window is refused.

const SLACK_MAX_AGE_SECONDS = 5 * 60;

export function slackSignature(secret: string, timestamp: string, body: string): string {
  return `v0=${createHmac('sha256', secret).update(`v0:${timestamp}:${body}`).digest('hex')}`;
}

function validSlackSignature(secret: string, headers: { timestamp?: string; signature?: string }, body: string): boolean {
  const { timestamp, signature } = headers;
  if (!timestamp || !signature || !/^\d+$/.test(timestamp)) return false;
  if (Math.abs(Date.now() / 1000 - Number(timestamp)) > SLACK_MAX_AGE_SECONDS) return false;
  const expected = Buffer.from(slackSignature(secret, timestamp, body));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

function parseBody(text: string): Record<string, unknown> {
  try {
    const parsed = JSON.parse(text) as unknown;
    return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

function eventTypeOf(webhook: WebhookRow, body: Record<string, unknown>): string | null {
  if (webhook.provider !== 'slack') return typeof body.event_type === 'string' ? body.event_type : null;
  const event = body.event;
  return typeof event === 'object' && event !== null && typeof (event as { type?: unknown }).type === 'string' ? (event as { type: string }).type : null;
}

/** Webhook ids are `wh_` and base64url; anything else names no trigger (and never reaches the database). */
const WEBHOOK_ID = /^wh_[A-Za-z0-9_-]{1,64}$/;

export function webhookReceiverHandlers(services: Services) {
  const deliverWebhook: Handlers['deliverWebhook'] = async ({ params }, c) => {
    const webhookId = params.webhook_id;
    const webhook = WEBHOOK_ID.test(webhookId) ? await findWebhookByPublicId(services.db, webhookId) : undefined;
    if (webhook?.status !== 'active') throw new NotFound();
    const text = await c.req.text();
    let receipt: string | null = null;
    if (webhook.provider === 'slack' && webhook.signing_secret) {
      const secret = services.box.open(webhook.signing_secret);
      const headers = { timestamp: c.req.header('x-slack-request-timestamp'), signature: c.req.header('x-slack-signature') };
      if (!validSlackSignature(secret, headers, text)) throw unauthorized();
      receipt = headers.signature ?? null;
      if (receipt && !(await claimReceipt(services.db, webhook.id, receipt, SLACK_MAX_AGE_SECONDS))) {
        throw new HttpError(409, MESSAGES.webhookReplayed);
      }
    }
    try {
      return await act(services, webhook, text);
    } catch (error) {
      if (receipt) await releaseReceipt(services.db, webhook.id, receipt).catch(() => undefined);
      throw error;
    }
  };
  return { deliverWebhook } satisfies Partial<Handlers>;
}

/** What a delivery does once it is authenticated: answer Slack's challenge, or start the workflow (201). */
async function act(services: Services, webhook: WebhookRow, text: string): Promise<AnswerOf<'deliverWebhook'> | RawAnswer> {
  const body = parseBody(text);
  if (webhook.provider === 'slack' && body.type === 'url_verification') return new RawAnswer(Response.json({ challenge: body.challenge }));

  const eventType = eventTypeOf(webhook, body);
  if (eventType !== null && eventType !== webhook.event_type) {
    return { message: `Ignored: this trigger listens for "${webhook.event_type}" events.` };
  }
  const workflow = await findWorkflow(services.db, webhook.workflow_id);
  if (!workflow) throw new NotFound();
  await recordTriggered(services.db, webhook.id);
  if (!workflow.enabled) return { message: MESSAGES.webhookWorkflowDisabled };
  try {
    await services.runs.runWorkflow(workflow.id, 'webhook');
    return new RawAnswer(Response.json({ message: MESSAGES.webhookStarted }, { status: 201 }));
  } catch (error) {
    // Slack retries anything but a 2xx; a workflow already running is not worth a retry.
    if (error instanceof Conflict) return { message: error.message };
    throw error;
  }
}
