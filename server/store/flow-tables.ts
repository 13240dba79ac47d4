import type pg from 'pg';
import type { Column, Json, SchemaChange } from '../connectors/types';
import { DESTINATION_FLOWS_LOCK_CLASS } from '../db/advisory-locks';
import type { Pool, Queryable } from '../db/pool';
import { inTransaction } from '../db/transaction';

// The service's copy of each flow table's state (flow_tables) and the registry of which flow writes which
// table of a destination (destination_tables). The destination's load records are the authority on what
// committed; this copy is what the service shows and where a run starts from when both agree.

export interface FlowTableRow {
  flow_id: number;
  resource: string;
  /** `namespace.table` as the destination names it, from the last commit. */
  table_name: string | null;
  sync_mode: string | null;
  cursor_field: string | null;
  primary_key: string[] | null;
  cursor: Json | null;
  cursor_updated_at: Date | null;
  generation: number;
  columns: Column[] | null;
  schema_change: (SchemaChange & { at: string }) | null;
  updated_at: Date;
}

export async function flowTables(db: Queryable, flowId: number): Promise<FlowTableRow[]> {
  const { rows } = await db.query<FlowTableRow>('SELECT * FROM flow_tables WHERE flow_id = $1 ORDER BY resource', [flowId]);
  return rows;
}

/** The state of one resource's table, made (empty, generation 0) when it has none yet. */
export async function flowTable(db: Queryable, flowId: number, resource: string): Promise<FlowTableRow> {
  const { rows } = await db.query<FlowTableRow>(
    `WITH made AS (INSERT INTO flow_tables (flow_id, resource) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING *)
     SELECT * FROM made UNION ALL SELECT * FROM flow_tables WHERE flow_id = $1 AND resource = $2`,
    [flowId, resource],
  );
  const [row] = rows;
  if (!row) throw new Error(`No state for ${resource} of flow ${String(flowId)}.`);
  return row;
}

/**
 * Forgets the saved cursors of these resources: a new generation each, so the next run reads them in full
 * and no load of an older generation brings a cursor back.
 */
export async function resetFlowTables(db: Queryable, flowId: number, resources: readonly string[]): Promise<void> {
  await db.query(
    `INSERT INTO flow_tables (flow_id, resource, generation) SELECT $1, name, 1 FROM unnest($2::text[]) AS name
     ON CONFLICT (flow_id, resource) DO UPDATE SET generation = flow_tables.generation + 1, cursor = NULL, cursor_updated_at = NULL, updated_at = now()`,
    [flowId, resources],
  );
}

/** What a committed load leaves in the service's copy. */
export interface CommittedTable {
  flowId: number;
  resource: string;
  generation: number;
  table: string;
  syncMode: string;
  cursorField: string | null;
  primaryKey: string[] | null;
  cursor: Json | null;
  columns: Column[];
  schemaChange: SchemaChange | null;
  committedAt: Date;
}

/**
 * Records a commit, unless the table was reset meanwhile (another generation). The cursor's time moves
 * only when the cursor did; the last schema change stays until another one comes.
 */
export async function recordCommittedTable(db: Queryable, table: CommittedTable): Promise<void> {
  await db.query(
    `UPDATE flow_tables SET table_name = $4, sync_mode = $5, cursor_field = $6, primary_key = $7, cursor = $8::jsonb,
       cursor_updated_at = CASE WHEN cursor IS DISTINCT FROM $8::jsonb THEN $11 ELSE cursor_updated_at END,
       columns = $9, schema_change = COALESCE($10, schema_change), updated_at = now()
     WHERE flow_id = $1 AND resource = $2 AND generation = $3`,
    [
      table.flowId,
      table.resource,
      table.generation,
      table.table,
      table.syncMode,
      table.cursorField,
      table.primaryKey === null ? null : JSON.stringify(table.primaryKey),
      JSON.stringify(table.cursor),
      JSON.stringify(table.columns),
      table.schemaChange === null ? null : JSON.stringify({ at: table.committedAt.toISOString(), ...table.schemaChange }),
      table.committedAt,
    ],
  );
}

/** Takes the destination's cursor where the service's copy disagrees (the destination's was committed with the rows). */
export async function adoptCursor(db: Queryable, flowId: number, resource: string, generation: number, cursor: Json | null, at: Date): Promise<void> {
  await db.query(
    `UPDATE flow_tables SET cursor = $4::jsonb, cursor_updated_at = $5, updated_at = now()
     WHERE flow_id = $1 AND resource = $2 AND generation = $3 AND cursor IS DISTINCT FROM $4::jsonb`,
    [flowId, resource, generation, JSON.stringify(cursor), at],
  );
}

export interface TableOwner {
  id: number;
  display_name: string;
}

/**
 * Claims a destination table for a flow; answers the other flow that already has it, or null when it is
 * this flow's. Two statements: the owner is read after the insert, in a snapshot that sees a claim a
 * racing flow committed while this insert waited for it.
 */
export async function claimTable(
  db: Queryable,
  where: { destinationId: number; namespace: string; table: string; flowId: number },
): Promise<TableOwner | null> {
  const values = [where.destinationId, where.namespace, where.table, where.flowId];
  await db.query('INSERT INTO destination_tables (destination_id, namespace, table_name, flow_id) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING', values);
  const { rows } = await db.query<TableOwner>(
    `SELECT f.id, f.display_name FROM destination_tables t JOIN flows f ON f.id = t.flow_id
      WHERE t.destination_id = $1 AND t.namespace = $2 AND t.table_name = $3 AND t.flow_id <> $4`,
    values,
  );
  return rows[0] ?? null;
}

/** The tables of a destination other flows have claimed, among `tables` of `namespace`. */
export async function tablesClaimedByOthers(
  db: Queryable,
  where: { destinationId: number; namespace: string; tables: readonly string[]; flowId: number | null },
): Promise<(TableOwner & { table_name: string })[]> {
  const { rows } = await db.query<TableOwner & { table_name: string }>(
    `SELECT f.id, f.display_name, t.table_name FROM destination_tables t JOIN flows f ON f.id = t.flow_id
      WHERE t.destination_id = $1 AND t.namespace = $2 AND t.table_name = ANY($3::text[]) AND ($4::int IS NULL OR t.flow_id <> $4)
      ORDER BY t.table_name`,
    [where.destinationId, where.namespace, where.tables, where.flowId],
  );
  return rows;
}

/** Lets go of a flow's claims (it now writes elsewhere: another destination, namespace or prefix). */
export async function releaseTables(db: Queryable, flowId: number): Promise<void> {
  await db.query('DELETE FROM destination_tables WHERE flow_id = $1', [flowId]);
}

/** Runs `work` in a transaction that holds the destination's flows lock (DESTINATION_FLOWS_LOCK_CLASS) until it commits. */
export async function withDestinationFlows<T>(db: Pool, destinationId: number, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  return inTransaction(db, async (client) => {
    await client.query('SELECT pg_advisory_xact_lock($1, $2)', [DESTINATION_FLOWS_LOCK_CLASS, destinationId]);
    return work(client);
  });
}
