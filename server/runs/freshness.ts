import { type Freshness, freshnessOf } from '@/service-rules/freshness';
import type { Queryable } from '../db/pool';
import type { FlowRow } from '../store/flows';
import { type RunFacts, runFacts } from '../store/run-facts';
import type { WorkflowRow } from '../store/workflows';

// The freshness of stored flows and workflows, by the shared rule (src/service-rules/freshness.ts), for
// a page of them at once: the lists' `freshness` field and the late-alert watcher both ask here.

interface Scheduled {
  id: number;
  frequency: string | null;
  cron: string | null;
  time_zone: string;
  created_at: Date;
}

function freshnessFromFacts(rows: readonly Scheduled[], facts: Map<number, RunFacts>, paused: (row: Scheduled) => boolean) {
  const now = Date.now();
  return new Map<number, Freshness>(
    rows.map((row) => {
      const fact = facts.get(row.id);
      const latest = fact?.latestAt ? { startedAt: fact.latestAt.getTime(), running: fact.latestRunning } : null;
      const schedule = { frequency: row.frequency, cron: row.cron, timeZone: row.time_zone };
      return [row.id, freshnessOf({ schedule, paused: paused(row), latest, lastOutcome: fact?.lastOutcome ?? null, createdAt: row.created_at.getTime(), now })];
    }),
  );
}

async function freshnessOfRows(db: Queryable, kind: 'flows' | 'workflows', rows: readonly Scheduled[], paused: (row: Scheduled) => boolean) {
  const facts = await runFacts(
    db,
    kind,
    rows.map((row) => row.id),
  );
  return freshnessFromFacts(rows, facts, paused);
}

/** For flows read together with their run facts (the flows list does it in one statement). */
export const freshnessOfFlowsWithFacts = (flows: readonly FlowRow[], facts: Map<number, RunFacts>) =>
  freshnessFromFacts(flows, facts, (row) => (row as FlowRow).paused);

export const freshnessOfFlows = (db: Queryable, flows: readonly FlowRow[]) => freshnessOfRows(db, 'flows', flows, (row) => (row as FlowRow).paused);

export const freshnessOfWorkflows = (db: Queryable, workflows: readonly WorkflowRow[]) =>
  freshnessOfRows(db, 'workflows', workflows, (row) => !(row as WorkflowRow).enabled);
