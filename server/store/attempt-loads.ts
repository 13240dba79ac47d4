import type { SchemaChange } from '../connectors/types';
import type { Pool, Queryable } from '../db/pool';
import type { LoadCounts } from './attempts';
import { type CommittedTable, recordCommittedTable } from './flow-tables';

/** Where a load goes: recovery asks the destination about it there. */
export interface LoadInHand {
  loadId: string;
  resource: string;
  namespace: string;
  table: string;
}

/** Notes the load an attempt starts (its id, resource and target), or that none is in hand. */
export async function markLoading(db: Queryable, attemptId: number, load: LoadInHand | null): Promise<void> {
  await db.query('UPDATE run_attempts SET load_id = COALESCE($2, load_id), loading = $3, load_target = $4 WHERE id = $1', [
    attemptId,
    load?.loadId ?? null,
    load?.resource ?? null,
    load ? JSON.stringify({ namespace: load.namespace, table: load.table }) : null,
  ]);
}

/**
 * After the destination committed a load: in one transaction, the attempt's counts (this resource
 * committed, `loaded` what the destination keeps), the table's state (cursor, columns, schema change) and
 * the load no longer in hand. Should the service die before, recovery finds the load in hand and asks
 * the destination whether it committed.
 */
export async function recordLoadCommitted(db: Pool, attemptId: number, counts: readonly LoadCounts[], table: CommittedTable): Promise<void> {
  const client = await db.connect();
  try {
    await client.query('BEGIN');
    await client.query('UPDATE run_attempts SET resources = $2, loading = NULL, load_target = NULL WHERE id = $1', [attemptId, JSON.stringify(counts)]);
    await recordCommittedTable(client, table);
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

/** A change of columns the `pause` policy stopped at: shown on the flow's Tables section, though nothing was kept. */
export async function recordSchemaChangeSeen(db: Queryable, flowId: number, resource: string, change: SchemaChange): Promise<void> {
  await db.query('UPDATE flow_tables SET schema_change = $3, updated_at = now() WHERE flow_id = $1 AND resource = $2', [
    flowId,
    resource,
    JSON.stringify({ at: new Date().toISOString(), ...change }),
  ]);
}
