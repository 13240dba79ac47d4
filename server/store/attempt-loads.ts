import type { Queryable } from '../db/pool';

/** Notes the resource an attempt starts loading (with the load's id), or that none is in hand. */
export async function markLoading(db: Queryable, attemptId: number, load: { loadId: string; resource: string } | null): Promise<void> {
  await db.query('UPDATE run_attempts SET load_id = COALESCE($2, load_id), loading = $3 WHERE id = $1', [
    attemptId,
    load?.loadId ?? null,
    load?.resource ?? null,
  ]);
}
