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
  },
): Promise<void> {
  await db.query(
    "INSERT INTO run_attempts (flow_id, trigger, lifecycle, disposition, resources, errors, created_at, completed_at) VALUES ($1, $2, 'not_running', $3, $4, $5, $6, $7)",
    [
      attempt.flowId,
      attempt.trigger,
      attempt.disposition,
      attempt.resources ? JSON.stringify(attempt.resources) : null,
      JSON.stringify(attempt.errors),
      attempt.createdAt,
      attempt.completedAt,
    ],
  );
}

/** A Slack trigger that has already fired; its id is random like every trigger's (the id in the URL is its only credential). */
export async function insertFiredSlackTrigger(db: Queryable, workflowId: number, eventType: string, times: number, lastAt: Date): Promise<void> {
  await db.query(
    "INSERT INTO webhook_triggers (webhook_id, workflow_id, provider, event_type, trigger_count, last_triggered_at) VALUES ($1, $2, 'slack', $3, $4, $5)",
    [newWebhookId(), workflowId, eventType, times, lastAt],
  );
}
