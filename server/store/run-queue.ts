import { randomUUID } from 'node:crypto';
import type { Pool } from '../db/pool';
import { RUN_QUEUE_LOCK } from '../db/advisory-locks';
import { decideQueue, type QueuedRun } from '@/service-rules/run-queue';

// The statements of the run queue (runs/run-queue.ts says when they run). Admission holds a transaction
// lock, so instances admit one at a time and read the slots the one before them took.

/** An attempt let through: a flow's own run gets a queue job (its id noted here); a workflow's step is executed by its workflow's runner. */
export interface AdmittedAttempt {
  id: number;
  flow_id: number;
  queue_job_id: string | null;
}

interface QueuedRow {
  id: number;
  flow_id: number;
  workflow_run_id: number | null;
  destination_id: number;
  destination_name: string;
  max_concurrent_runs: number | null;
  waiting_for: string | null;
}

/**
 * One admission pass: the queued attempts that are due (a retry waits for its backoff first) are let
 * through in queue order while the service's and their destination's limits allow; each other one is told
 * what it waits for. Executing means `running`: claimed, or admitted and about to be.
 */
export async function admitQueuedAttempts(db: Pool, serviceLimit: number): Promise<AdmittedAttempt[]> {
  const client = await db.connect();
  try {
    await client.query('BEGIN');
    await client.query('SELECT pg_advisory_xact_lock($1)', [RUN_QUEUE_LOCK]);
    const queued = await client.query<QueuedRow>(
      `SELECT a.id, a.flow_id, a.workflow_run_id, d.id AS destination_id, d.display_name AS destination_name, d.max_concurrent_runs, a.waiting_for
         FROM run_attempts a JOIN flows f ON f.id = a.flow_id JOIN destinations d ON d.id = f.destination_id
        WHERE a.lifecycle = 'pending' AND a.queued_at <= clock_timestamp()
        ORDER BY a.queued_at, a.id`,
    );
    if (queued.rows.length === 0) {
      await client.query('COMMIT');
      return [];
    }
    const running = await client.query<{ destination_id: number; running: number }>(
      `SELECT f.destination_id, count(*) AS running FROM run_attempts a JOIN flows f ON f.id = a.flow_id WHERE a.lifecycle = 'running' GROUP BY f.destination_id`,
    );
    const runningByDestination = new Map(running.rows.map((row) => [row.destination_id, row.running]));
    const queue: QueuedRun[] = queued.rows.map((row) => ({
      id: row.id,
      destination: { id: row.destination_id, name: row.destination_name, limit: row.max_concurrent_runs },
    }));
    const total = [...runningByDestination.values()].reduce((sum, count) => sum + count, 0);
    const decision = decideQueue(queue, { serviceLimit, running: total, runningByDestination });
    const admitted: AdmittedAttempt[] = [];
    for (const row of queued.rows) {
      if (!decision.admit.includes(row.id)) continue;
      const jobId = row.workflow_run_id === null ? randomUUID() : null;
      const { rowCount } = await client.query(
        "UPDATE run_attempts SET lifecycle = 'running', waiting_for = NULL, queued_at = clock_timestamp(), queue_job_id = COALESCE($2, queue_job_id) WHERE id = $1 AND lifecycle = 'pending'",
        [row.id, jobId],
      );
      // Cancelled since it was read: nothing to start.
      if (rowCount === 1) admitted.push({ id: row.id, flow_id: row.flow_id, queue_job_id: jobId });
    }
    const changed = queued.rows.filter((row) => decision.waiting.has(row.id) && decision.waiting.get(row.id) !== row.waiting_for);
    if (changed.length > 0) {
      await client.query(
        `UPDATE run_attempts a SET waiting_for = w.text FROM jsonb_to_recordset($1::jsonb) AS w(id int, text text) WHERE a.id = w.id AND a.lifecycle = 'pending'`,
        [JSON.stringify(changed.map((row) => ({ id: row.id, text: decision.waiting.get(row.id) })))],
      );
    }
    await client.query('COMMIT');
    return admitted;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}
