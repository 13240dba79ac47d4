import { randomBytes } from 'node:crypto';
import { one, type Queryable } from '../db/pool';
import type { Page } from '@/service-rules/request-params';

export interface WebhookRow {
  id: number;
  webhook_id: string;
  workflow_id: number;
  provider: string;
  status: string;
  trigger_count: number;
  credential_source_id: number | null;
  event_type: string;
  signing_secret: string | null;
  created_at: Date;
  last_triggered_at: Date | null;
}

/** The webhook id is the secret part of the trigger's URL: 128 random bits. */
export function newWebhookId(): string {
  return `wh_${randomBytes(16).toString('base64url')}`;
}

export async function listWebhooks(db: Queryable, workflowId: number, page: Page): Promise<WebhookRow[]> {
  const { rows } = await db.query<WebhookRow>('SELECT * FROM webhook_triggers WHERE workflow_id = $1 ORDER BY id LIMIT $2 OFFSET $3', [
    workflowId,
    page.limit,
    page.offset,
  ]);
  return rows;
}

export async function findWebhook(db: Queryable, workflowId: number, id: number): Promise<WebhookRow | undefined> {
  const { rows } = await db.query<WebhookRow>('SELECT * FROM webhook_triggers WHERE workflow_id = $1 AND id = $2', [workflowId, id]);
  return rows[0];
}

export async function findWebhookByPublicId(db: Queryable, webhookId: string): Promise<WebhookRow | undefined> {
  const { rows } = await db.query<WebhookRow>('SELECT * FROM webhook_triggers WHERE webhook_id = $1', [webhookId]);
  return rows[0];
}

export async function insertWebhook(
  db: Queryable,
  webhook: { workflowId: number; provider: string; eventType: string; signingSecret: string | null; credentialSourceId: number | null },
): Promise<WebhookRow> {
  const { rows } = await db.query<WebhookRow>(
    `INSERT INTO webhook_triggers (webhook_id, workflow_id, provider, event_type, signing_secret, credential_source_id)
     VALUES ($1, $2, $3, $4, $5, $6) RETURNING *`,
    [newWebhookId(), webhook.workflowId, webhook.provider, webhook.eventType, webhook.signingSecret, webhook.credentialSourceId],
  );
  return one(rows);
}

export async function deleteWebhookRow(db: Queryable, id: number): Promise<void> {
  await db.query('DELETE FROM webhook_triggers WHERE id = $1', [id]);
}

export async function recordTriggered(db: Queryable, id: number): Promise<void> {
  await db.query('UPDATE webhook_triggers SET trigger_count = trigger_count + 1, last_triggered_at = now() WHERE id = $1', [id]);
}

/**
 * Claims a signed request: true the first time this signature is seen for the trigger, false for a
 * replay. Receipts older than the signature window can no longer be replayed and are pruned.
 */
export async function claimReceipt(db: Queryable, webhookTriggerId: number, signature: string, windowSeconds: number): Promise<boolean> {
  await db.query('DELETE FROM webhook_receipts WHERE received_at < now() - make_interval(secs => $1)', [windowSeconds * 2]);
  const { rows } = await db.query('INSERT INTO webhook_receipts (webhook_trigger_id, signature) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING 1', [
    webhookTriggerId,
    signature,
  ]);
  return rows.length > 0;
}

/** Gives a receipt back when acting on the request failed, so the sender's retry is not taken for a replay. */
export async function releaseReceipt(db: Queryable, webhookTriggerId: number, signature: string): Promise<void> {
  await db.query('DELETE FROM webhook_receipts WHERE webhook_trigger_id = $1 AND signature = $2', [webhookTriggerId, signature]);
}
