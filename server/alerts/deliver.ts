import { createHmac } from 'node:crypto';
import { fetch } from 'undici';
import { DELIVERY_HEADER, SIGNATURE_HEADER, TIMESTAMP_HEADER } from '@/api/alerts';
import { RefusedTarget } from '@/service-rules/errors';
import { guardedAgent } from '../connectors/http-fetch';
import type { Pool } from '../db/pool';
import type { Logger } from '../logger';
import type { SecretBox } from '../secrets';
import { claimDelivery, recordTry, type TryOutcome } from '../store/alerts';

// One try of one delivery. The channel URL is a secret: it is opened here, used for this one request
// and never written anywhere (not in the row's error, not in a log line). The request goes through the
// connectors' network guard (checked after DNS, to the address checked) and redirects are not followed:
// a 3xx is a failed delivery. A 2xx delivers; 408, 429, 5xx and a connection that fails are tried
// again, with backoff (the job queue's), up to the limit; anything else fails at once.

const REQUEST_TIMEOUT_MS = 10_000;
const EXCERPT_CHARS = 200;
/** How long one try holds its row: longer than the request may take. */
const LEASE_SECONDS = 60;

/** `sha256=` and the hex HMAC-SHA256 of `<timestamp>.<body>` under the channel's signing secret (docs/alerts.md shows a receiver checking it). */
export function signature(secret: string, timestamp: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

async function excerpt(body: ReadableStream<Uint8Array> | null): Promise<string | null> {
  const reader = body?.getReader();
  if (!reader) return null;
  const decoder = new TextDecoder();
  let text = '';
  try {
    while (text.length < EXCERPT_CHARS) {
      const { done, value } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
  return text === '' ? null : text.slice(0, EXCERPT_CHARS);
}

interface TryResult {
  outcome: Omit<TryOutcome, 'status'>;
  delivered: boolean;
  retryable: boolean;
}

/** Why a request failed, in words that never hold the URL. */
function failureOf(error: unknown): TryResult {
  const cause = (error as { cause?: unknown }).cause ?? error;
  if (cause instanceof RefusedTarget) return { outcome: { statusCode: null, response: null, error: cause.message }, delivered: false, retryable: false };
  const name = (error as Error).name;
  const code = (cause as { code?: string }).code;
  const words =
    name === 'TimeoutError' || name === 'AbortError'
      ? `No answer within ${String(REQUEST_TIMEOUT_MS / 1000)} s.`
      : `The request failed: ${code ?? 'connection error'}.`;
  return { outcome: { statusCode: null, response: null, error: words }, delivered: false, retryable: true };
}

async function post(url: string, body: string, headers: Record<string, string>): Promise<TryResult> {
  const dispatcher = guardedAgent();
  try {
    const response = await fetch(url, { method: 'POST', body, headers, dispatcher, redirect: 'manual', signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
    const statusCode = response.status;
    const response_ = await excerpt(response.body as ReadableStream<Uint8Array> | null).catch(() => null);
    if (statusCode >= 200 && statusCode < 300) return { outcome: { statusCode, response: response_, error: null }, delivered: true, retryable: false };
    const redirect = statusCode >= 300 && statusCode < 400;
    const error = redirect ? `Answered HTTP ${String(statusCode)} (a redirect): deliveries do not follow redirects.` : `Answered HTTP ${String(statusCode)}.`;
    const retryable = statusCode === 408 || statusCode === 429 || statusCode >= 500;
    return { outcome: { statusCode, response: response_, error }, delivered: false, retryable };
  } catch (error) {
    return failureOf(error);
  } finally {
    dispatcher.close().catch(() => undefined);
  }
}

export interface DeliveryContext {
  db: Pool;
  box: SecretBox;
  logger: Logger;
  maxTries: number;
}

/** Tries delivery `id` once; throws when it should be tried again (the job queue retries it with backoff). */
export async function deliverAlert({ db, box, logger, maxTries }: DeliveryContext, id: number): Promise<void> {
  const delivery = await claimDelivery(db, id, LEASE_SECONDS);
  // Delivered, failed for good, or being tried elsewhere right now: a repeated job sends nothing.
  if (!delivery) return;
  const payload = delivery.payload;
  const body = delivery.kind === 'slack' ? JSON.stringify({ text: payload.text }) : JSON.stringify({ id, ...payload });
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    'user-agent': 'Flowdeck-Alerts',
    [DELIVERY_HEADER.toLowerCase()]: String(id),
  };
  let result: TryResult;
  try {
    if (delivery.kind === 'webhook') {
      if (!delivery.signing_secret_sealed) throw new Error('The channel has no signing secret.');
      const timestamp = String(Math.floor(Date.now() / 1000));
      headers[TIMESTAMP_HEADER.toLowerCase()] = timestamp;
      headers[SIGNATURE_HEADER.toLowerCase()] = signature(box.open(delivery.signing_secret_sealed), timestamp, body);
    }
    result = await post(box.open(delivery.url_sealed), body, headers);
  } catch (error) {
    result = { outcome: { statusCode: null, response: null, error: (error as Error).message }, delivered: false, retryable: false };
  }
  const again = !result.delivered && result.retryable && delivery.attempts < maxTries;
  const status = result.delivered ? 'delivered' : again ? 'pending' : 'failed';
  await recordTry(db, id, { status, ...result.outcome });
  logger.info(
    { deliveryId: id, channelId: delivery.channel_id, event: delivery.event, status, statusCode: result.outcome.statusCode, tries: delivery.attempts },
    'alert delivery',
  );
  if (again) throw new Error(`Alert delivery ${String(id)} will be tried again.`);
}
