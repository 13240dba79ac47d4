import type { RetryPolicy } from '@/api/run-policy';
import { MESSAGES } from '@/api/messages';
import type { Page } from '@/service-rules/request-params';
import { one, type Queryable } from '../db/pool';

// Alert channels and their deliveries (migration 009). Secrets arrive here sealed and leave sealed.

export interface ChannelRow {
  id: number;
  kind: string;
  name: string;
  url_sealed: string;
  address: string;
  signing_secret_sealed: string | null;
  events: string[];
  flow_ids: number[] | null;
  created_at: Date;
  updated_at: Date;
}

export interface ChannelFields {
  kind: string;
  name: string;
  urlSealed: string;
  address: string;
  signingSecretSealed: string | null;
  events: string[];
  flowIds: number[] | null;
}

export interface DeliveryRow {
  id: number;
  channel_id: number;
  event: string;
  event_key: string;
  flow_id: number | null;
  payload: Record<string, unknown>;
  status: string;
  attempts: number;
  status_code: number | null;
  response: string | null;
  error: string | null;
  created_at: Date;
  completed_at: Date | null;
}

export async function listChannels(db: Queryable, page: Page): Promise<ChannelRow[]> {
  const { rows } = await db.query<ChannelRow>('SELECT * FROM alert_channels ORDER BY id LIMIT $1 OFFSET $2', [page.limit, page.offset]);
  return rows;
}

/** The channels listening to `event` for `flowId` (every flow, or a list naming it). */
export async function channelsFor(db: Queryable, event: string, flowId: number): Promise<ChannelRow[]> {
  const { rows } = await db.query<ChannelRow>('SELECT * FROM alert_channels WHERE $1 = ANY(events) AND (flow_ids IS NULL OR $2 = ANY(flow_ids)) ORDER BY id', [
    event,
    flowId,
  ]);
  return rows;
}

/** The channels listening to `event` whatever their flows (an event about no flow: a card link filled in). */
export async function channelsListeningTo(db: Queryable, event: string): Promise<ChannelRow[]> {
  const { rows } = await db.query<ChannelRow>('SELECT * FROM alert_channels WHERE $1 = ANY(events) ORDER BY id', [event]);
  return rows;
}

export async function anyChannelFor(db: Queryable, event: string): Promise<boolean> {
  const { rows } = await db.query('SELECT 1 FROM alert_channels WHERE $1 = ANY(events) LIMIT 1', [event]);
  return rows.length > 0;
}

export async function findChannel(db: Queryable, id: number): Promise<ChannelRow | undefined> {
  const { rows } = await db.query<ChannelRow>('SELECT * FROM alert_channels WHERE id = $1', [id]);
  return rows[0];
}

export async function insertChannel(db: Queryable, fields: ChannelFields): Promise<ChannelRow> {
  const { rows } = await db.query<ChannelRow>(
    `INSERT INTO alert_channels (kind, name, url_sealed, address, signing_secret_sealed, events, flow_ids)
     VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING *`,
    [fields.kind, fields.name, fields.urlSealed, fields.address, fields.signingSecretSealed, fields.events, fields.flowIds],
  );
  return one(rows);
}

export async function updateChannelRow(db: Queryable, id: number, fields: ChannelFields): Promise<ChannelRow> {
  const { rows } = await db.query<ChannelRow>(
    `UPDATE alert_channels SET name = $2, url_sealed = $3, address = $4, signing_secret_sealed = $5, events = $6, flow_ids = $7, updated_at = now()
     WHERE id = $1 RETURNING *`,
    [id, fields.name, fields.urlSealed, fields.address, fields.signingSecretSealed, fields.events, fields.flowIds],
  );
  return one(rows);
}

export async function deleteChannelRow(db: Queryable, id: number): Promise<boolean> {
  const { rowCount } = await db.query('DELETE FROM alert_channels WHERE id = $1', [id]);
  return (rowCount ?? 0) > 0;
}

export interface NewDelivery {
  channelId: number;
  event: string;
  eventKey: string;
  flowId: number | null;
  payload: Record<string, unknown>;
}

/** Records a delivery unless the channel has one for this event already; its row, or undefined when it had. */
export async function insertDelivery(db: Queryable, delivery: NewDelivery): Promise<DeliveryRow | undefined> {
  const { rows } = await db.query<DeliveryRow>(
    `INSERT INTO alert_deliveries (channel_id, event, event_key, flow_id, payload) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (channel_id, event_key) DO NOTHING RETURNING *`,
    [delivery.channelId, delivery.event, delivery.eventKey, delivery.flowId, JSON.stringify(delivery.payload)],
  );
  return rows[0];
}

export async function listDeliveries(db: Queryable, channelId: number, page: Page): Promise<DeliveryRow[]> {
  const { rows } = await db.query<DeliveryRow>('SELECT * FROM alert_deliveries WHERE channel_id = $1 ORDER BY id DESC LIMIT $2 OFFSET $3', [
    channelId,
    page.limit,
    page.offset,
  ]);
  return rows;
}

/**
 * Takes a pending delivery for one try: counts the try and holds the row for `leaseSeconds`, so a
 * repeated job finds it held (or no longer pending) and sends nothing. Undefined: nothing to send.
 */
export async function claimDelivery(
  db: Queryable,
  id: number,
  leaseSeconds: number,
): Promise<(DeliveryRow & ChannelRow & { delivery_id: number }) | undefined> {
  const { rows } = await db.query<DeliveryRow & ChannelRow & { delivery_id: number }>(
    `WITH claimed AS (
       UPDATE alert_deliveries SET attempts = attempts + 1, leased_until = clock_timestamp() + make_interval(secs => $2)
        WHERE id = $1 AND status = 'pending' AND (leased_until IS NULL OR leased_until < clock_timestamp())
        RETURNING *
     )
     SELECT c.*, d.*, d.id AS delivery_id FROM claimed d JOIN alert_channels c ON c.id = d.channel_id`,
    [id, leaseSeconds],
  );
  return rows[0];
}

export interface TryOutcome {
  status: 'pending' | 'delivered' | 'failed';
  statusCode: number | null;
  response: string | null;
  error: string | null;
}

/** What a try found; a delivery still pending is let go, for its next try. */
export async function recordTry(db: Queryable, id: number, outcome: TryOutcome): Promise<void> {
  await db.query(
    `UPDATE alert_deliveries SET status = $2, status_code = $3, response = $4, error = $5, leased_until = NULL,
            completed_at = CASE WHEN $2 = 'pending' THEN NULL ELSE clock_timestamp() END
      WHERE id = $1`,
    [id, outcome.status, outcome.statusCode, outcome.response, outcome.error],
  );
}

export interface FinishedAttempt {
  id: number;
  flow_id: number;
  number: number;
  disposition: string;
  errors: string[];
  created_at: Date;
  completed_at: Date | null;
  flow_name: string;
  /** How the flow's finished run before this one ended (a cancelled one passed over); null: none. */
  previous_outcome: string | null;
  /** It stopped on a change of columns and paused its flow (the `pause` policy). */
  schema_changed: boolean;
  /** 0 for a first try; a workflow's step (null: the flow's own run) is retried by its workflow, not its flow. */
  retry_number: number;
  workflow_run_id: number | null;
  /** The flow's retry policy now. */
  retries: RetryPolicy;
  /** A workflow's step: its run's retry number and the workflow's retry policy now (null for a flow's own run). */
  workflow_retry_number: number | null;
  workflow_retries: RetryPolicy | null;
}

/** Takes finished attempts not yet looked at for alerts (each once, whatever the number of instances) and marks them. */
export async function takeFinishedAttempts(db: Queryable, limit = 200): Promise<FinishedAttempt[]> {
  const { rows } = await db.query<FinishedAttempt>(
    `WITH taken AS (
       UPDATE run_attempts SET alerts_checked = true
        WHERE id IN (SELECT id FROM run_attempts WHERE NOT alerts_checked AND lifecycle = 'not_running' ORDER BY id LIMIT $1 FOR UPDATE SKIP LOCKED)
        RETURNING id, flow_id, number, disposition, errors, created_at, completed_at, schema_changed, retry_number, workflow_run_id
     )
     SELECT t.*, f.display_name AS flow_name, f.retries, previous.disposition AS previous_outcome,
            wr.retry_number AS workflow_retry_number, w.retries AS workflow_retries
       FROM taken t JOIN flows f ON f.id = t.flow_id
       LEFT JOIN workflow_runs wr ON wr.id = t.workflow_run_id
       LEFT JOIN workflows w ON w.id = wr.workflow_id
       LEFT JOIN LATERAL (
         SELECT disposition FROM run_attempts p
          WHERE p.flow_id = t.flow_id AND p.id <> t.id AND p.lifecycle = 'not_running' AND p.disposition IN ('succeeded', 'failed')
            AND NOT (p.errors ? $2) AND (p.created_at, p.id) < (t.created_at, t.id)
          ORDER BY p.created_at DESC, p.id DESC LIMIT 1
       ) previous ON true
      ORDER BY t.id`,
    [limit, MESSAGES.cancelledByUser],
  );
  return rows;
}

/** Deliveries recorded and never tried: queued again at start (a job that was queued finds them taken, and sends nothing twice). */
export async function pendingDeliveryIds(db: Queryable): Promise<number[]> {
  const { rows } = await db.query<{ id: number }>("SELECT id FROM alert_deliveries WHERE status = 'pending' AND attempts = 0 ORDER BY id LIMIT 1000");
  return rows.map((row) => row.id);
}
