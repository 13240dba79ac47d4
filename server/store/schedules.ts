import type { Pool } from '../db/pool';
import { nextRunAt } from '../runs/schedule';

// Every instance ticks; a row is claimed with FOR UPDATE SKIP LOCKED and moved to its next time in
// the same transaction, so each due run starts once however many instances share the database.

async function claimDue(db: Pool, table: 'flows' | 'workflows'): Promise<number[]> {
  const client = await db.connect();
  try {
    await client.query('BEGIN');
    // A disabled workflow and a paused flow keep their next time but are not started on it.
    const runnable = table === 'workflows' ? 'AND enabled' : 'AND NOT paused';
    const { rows } = await client.query<{ id: number; frequency: string | null; cron: string | null; time_zone: string }>(
      `SELECT id, frequency, cron, time_zone FROM ${table} WHERE next_run_at <= now() ${runnable} ORDER BY next_run_at LIMIT 200 FOR UPDATE SKIP LOCKED`,
    );
    const now = new Date();
    for (const row of rows) {
      await client.query(`UPDATE ${table} SET next_run_at = $2 WHERE id = $1`, [row.id, nextRunAt({ ...row, timeZone: row.time_zone }, now)]);
    }
    await client.query('COMMIT');
    return rows.map((row) => row.id);
  } catch (error) {
    await client.query('ROLLBACK');
    throw error;
  } finally {
    client.release();
  }
}

export const claimDueFlows = (db: Pool) => claimDue(db, 'flows');
export const claimDueWorkflows = (db: Pool) => claimDue(db, 'workflows');
