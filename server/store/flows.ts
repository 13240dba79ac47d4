import { one, type Queryable } from '../db/pool';
import type { Page } from '@/service-rules/request-params';

export interface FlowRow {
  id: number;
  display_name: string;
  source_id: number;
  destination_id: number;
  frequency: string | null;
  cron: string | null;
  next_run_at: Date | null;
  /** The scheduler skips a paused flow; it keeps its schedule. */
  paused: boolean;
  created_at: Date;
}

export interface FlowFields {
  displayName: string;
  sourceId: number;
  destinationId: number;
  frequency: string | null;
  cron: string | null;
  nextRunAt: Date | null;
}

/** What a change of a flow writes: a flow is created unpaused. */
export type ChangedFlowFields = FlowFields & { paused: boolean };

export async function listFlows(db: Queryable, page: Page): Promise<FlowRow[]> {
  const { rows } = await db.query<FlowRow>('SELECT * FROM flows ORDER BY id LIMIT $1 OFFSET $2', [page.limit, page.offset]);
  return rows;
}

export async function findFlow(db: Queryable, id: number): Promise<FlowRow | undefined> {
  const { rows } = await db.query<FlowRow>('SELECT * FROM flows WHERE id = $1', [id]);
  return rows[0];
}

export async function insertFlow(db: Queryable, flow: FlowFields): Promise<FlowRow> {
  const { rows } = await db.query<FlowRow>(
    'INSERT INTO flows (display_name, source_id, destination_id, frequency, cron, next_run_at) VALUES ($1, $2, $3, $4, $5, $6) RETURNING *',
    [flow.displayName, flow.sourceId, flow.destinationId, flow.frequency, flow.cron, flow.nextRunAt],
  );
  return one(rows);
}

export async function updateFlowRow(db: Queryable, id: number, flow: ChangedFlowFields): Promise<FlowRow> {
  const { rows } = await db.query<FlowRow>(
    `UPDATE flows SET display_name = $2, source_id = $3, destination_id = $4, frequency = $5, cron = $6, next_run_at = $7, paused = $8, updated_at = now()
     WHERE id = $1 RETURNING *`,
    [id, flow.displayName, flow.sourceId, flow.destinationId, flow.frequency, flow.cron, flow.nextRunAt, flow.paused],
  );
  return one(rows);
}

export async function deleteFlowRow(db: Queryable, id: number): Promise<boolean> {
  const { rowCount } = await db.query('DELETE FROM flows WHERE id = $1', [id]);
  return (rowCount ?? 0) > 0;
}
