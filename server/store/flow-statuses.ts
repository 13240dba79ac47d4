import type { Queryable } from '../db/pool';
import type { AttemptRow } from './attempts';

/** Of the flows asked, those that exist (in the order asked) and the newest attempt of each that ran. */
export async function newestAttemptsOf(db: Queryable, ids: readonly number[]): Promise<{ flowIds: number[]; newest: Map<number, AttemptRow> }> {
  const [flows, attempts] = await Promise.all([
    db.query<{ id: number }>('SELECT id FROM flows WHERE id = ANY($1::int[])', [ids]),
    // The same order as latestAttempt: newest first, the higher id winning a tie.
    db.query<AttemptRow>('SELECT DISTINCT ON (flow_id) * FROM run_attempts WHERE flow_id = ANY($1::int[]) ORDER BY flow_id, created_at DESC, id DESC', [ids]),
  ]);
  const existing = new Set(flows.rows.map((row) => row.id));
  return { flowIds: ids.filter((id) => existing.has(id)), newest: new Map(attempts.rows.map((row) => [row.flow_id, row])) };
}
