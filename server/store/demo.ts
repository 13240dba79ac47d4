import { type Queryable } from '../db/pool';
import type { ResourceCounts } from '@/service-rules/status';
import { newWebhookId } from './webhooks';

// The statements only the demo seed needs (demo/seed.ts): it writes history no API call could write.

/** Nothing seeded or created yet: no key and no source. */
export async function isEmptyDatabase(db: Queryable): Promise<boolean> {
  const { rows } = await db.query<{ n: number }>('SELECT (SELECT count(*) FROM api_keys) + (SELECT count(*) FROM sources) AS n');
  return rows[0]?.n === 0;
}

/** A finished attempt in the past. */
export async function insertPastAttempt(
  db: Queryable,
  attempt: {
    flowId: number;
    trigger: string;
    disposition: 'succeeded' | 'failed';
    resources: ResourceCounts[] | null;
    errors: string[];
    createdAt: Date;
    completedAt: Date;
    /** The workflow run it was a step of. */
    workflowRunId?: number;
  },
): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO run_attempts (flow_id, trigger, lifecycle, disposition, resources, errors, created_at, completed_at, workflow_run_id)
     VALUES ($1, $2, 'not_running', $3, $4, $5, $6, $7, $8) RETURNING id`,
    [
      attempt.flowId,
      attempt.trigger,
      attempt.disposition,
      attempt.resources ? JSON.stringify(attempt.resources) : null,
      JSON.stringify(attempt.errors),
      attempt.createdAt,
      attempt.completedAt,
      attempt.workflowRunId ?? null,
    ],
  );
  return rows[0]?.id ?? 0;
}

/** A finished workflow run in the past; its steps are noted with setStepAttempt as their attempts are written. */
export async function insertPastWorkflowRun(
  db: Queryable,
  run: { workflowId: number; trigger: string; steps: { id: string; flow: number; after: string[] }[]; createdAt: Date; completedAt: Date },
): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    `WITH inserted AS (
       INSERT INTO workflow_runs (workflow_id, trigger, lifecycle, disposition, created_at, started_at, completed_at)
       VALUES ($1, $2, 'not_running', 'succeeded', $3, $3, $4) RETURNING id),
     steps AS (
       INSERT INTO workflow_run_steps (workflow_run_id, step_id, position, flow_id, after)
       SELECT inserted.id, step.id, step.position, step.flow, step.after FROM inserted, jsonb_to_recordset($5::jsonb) AS step(id text, position int, flow int, after jsonb))
     SELECT id FROM inserted`,
    [run.workflowId, run.trigger, run.createdAt, run.completedAt, JSON.stringify(run.steps.map((step, position) => ({ ...step, position })))],
  );
  return rows[0]?.id ?? 0;
}

/** A Slack trigger that has already fired; its id is random like every trigger's (the id in the URL is its only credential). */
export async function insertFiredSlackTrigger(
  db: Queryable,
  trigger: { workflowId: number; eventType: string; times: number; lastAt: Date; createdAt: Date },
): Promise<void> {
  await db.query(
    `INSERT INTO webhook_triggers (webhook_id, workflow_id, provider, event_type, trigger_count, last_triggered_at, created_at)
     VALUES ($1, $2, 'slack', $3, $4, $5, $6)`,
    [newWebhookId(), trigger.workflowId, trigger.eventType, trigger.times, trigger.lastAt, trigger.createdAt],
  );
}
