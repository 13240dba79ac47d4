import { MESSAGES } from '@/api/messages';
import type { SchemaChangePolicy, SyncMode } from '@/api/tables';
import type { ResourceMode } from '@/service-rules/flow-tables';
import { one, type Queryable } from '../db/pool';
import { RUN_FACT_COLUMNS, type RunFactColumns, type RunFacts, runFactsJoins, runFactsOf } from './run-facts';
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
  /** Null: the destination's default (flows made before namespaces). */
  namespace: string | null;
  table_prefix: string;
  schema_changes: SchemaChangePolicy;
  /** The modes of the resources the flow lists; the others load with `default_sync_mode`. */
  resource_modes: ResourceMode[];
  default_sync_mode: SyncMode;
}

/** How a flow keeps its tables. */
export interface FlowTableFields {
  namespace: string | null;
  tablePrefix: string;
  schemaChanges: SchemaChangePolicy;
  resourceModes: ResourceMode[];
}

export interface FlowFields extends FlowTableFields {
  displayName: string;
  sourceId: number;
  destinationId: number;
  frequency: string | null;
  cron: string | null;
  nextRunAt: Date | null;
}

/** What a change of a flow writes: a flow is created unpaused. */
export type ChangedFlowFields = FlowFields & { paused: boolean };

const FLOW_COLUMN_NAMES = [
  'id',
  'display_name',
  'source_id',
  'destination_id',
  'frequency',
  'cron',
  'next_run_at',
  'paused',
  'created_at',
  'namespace',
  'table_prefix',
  'schema_changes',
  'resource_modes',
  'default_sync_mode',
];
const FLOW_COLUMNS = FLOW_COLUMN_NAMES.join(', ');

export async function listFlows(db: Queryable, page: Page): Promise<FlowRow[]> {
  const { rows } = await db.query<FlowRow>(`SELECT ${FLOW_COLUMNS} FROM flows ORDER BY id LIMIT $1 OFFSET $2`, [page.limit, page.offset]);
  return rows;
}

// The flows list is the busiest statement of the service (every dashboard poll), so it is one round
// trip: the page and its run facts (what freshness needs) together. It is a named statement, so each
// pool connection has Postgres parse and plan it once, not on every request. The page comes from the
// primary key; taking its ids first (a deferred join) made Postgres hash-join the whole table instead,
// five times slower on the default page, and seeking to the offset's id gained nothing at 10,000 flows.
const LIST_FLOWS_WITH_RUN_FACTS = {
  name: 'list-flows-with-run-facts',
  text: `SELECT ${FLOW_COLUMN_NAMES.map((name) => `f.${name}`).join(', ')}, ${RUN_FACT_COLUMNS}
      FROM (SELECT ${FLOW_COLUMNS} FROM flows ORDER BY id LIMIT $1 OFFSET $2) f ${runFactsJoins('flows', 'f.id', '$3')}
     ORDER BY f.id`,
};

export async function listFlowsWithRunFacts(db: Queryable, page: Page): Promise<{ flows: FlowRow[]; facts: Map<number, RunFacts> }> {
  const { rows } = await db.query<FlowRow & RunFactColumns>({ ...LIST_FLOWS_WITH_RUN_FACTS, values: [page.limit, page.offset, MESSAGES.cancelledByUser] });
  return { flows: rows, facts: new Map(rows.map((row) => [row.id, runFactsOf(row)])) };
}

export async function findFlow(db: Queryable, id: number): Promise<FlowRow | undefined> {
  const { rows } = await db.query<FlowRow>('SELECT * FROM flows WHERE id = $1', [id]);
  return rows[0];
}

const tableValues = (flow: FlowTableFields) => [flow.namespace, flow.tablePrefix, flow.schemaChanges, JSON.stringify(flow.resourceModes)];

export async function insertFlow(db: Queryable, flow: FlowFields): Promise<FlowRow> {
  const { rows } = await db.query<FlowRow>(
    `INSERT INTO flows (display_name, source_id, destination_id, frequency, cron, next_run_at, namespace, table_prefix, schema_changes, resource_modes)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING *`,
    [flow.displayName, flow.sourceId, flow.destinationId, flow.frequency, flow.cron, flow.nextRunAt, ...tableValues(flow)],
  );
  return one(rows);
}

export async function updateFlowRow(db: Queryable, id: number, flow: ChangedFlowFields): Promise<FlowRow> {
  const { rows } = await db.query<FlowRow>(
    `UPDATE flows SET display_name = $2, source_id = $3, destination_id = $4, frequency = $5, cron = $6, next_run_at = $7, paused = $8,
       namespace = $9, table_prefix = $10, schema_changes = $11, resource_modes = $12, updated_at = now()
     WHERE id = $1 RETURNING *`,
    [id, flow.displayName, flow.sourceId, flow.destinationId, flow.frequency, flow.cron, flow.nextRunAt, flow.paused, ...tableValues(flow)],
  );
  return one(rows);
}

/** The flows of a destination with how they keep their tables (a new flow's namespace and the table checks). */
export async function flowsOfDestination(
  db: Queryable,
  destinationId: number,
): Promise<Pick<FlowRow, 'id' | 'display_name' | 'source_id' | 'namespace' | 'table_prefix'>[]> {
  const { rows } = await db.query<Pick<FlowRow, 'id' | 'display_name' | 'source_id' | 'namespace' | 'table_prefix'>>(
    'SELECT id, display_name, source_id, namespace, table_prefix FROM flows WHERE destination_id = $1 ORDER BY id',
    [destinationId],
  );
  return rows;
}

/** Pauses a flow's schedule (a schema change under the `pause` policy). */
export async function pauseFlow(db: Queryable, id: number): Promise<void> {
  await db.query('UPDATE flows SET paused = true, updated_at = now() WHERE id = $1', [id]);
}

export async function deleteFlowRow(db: Queryable, id: number): Promise<boolean> {
  const { rowCount } = await db.query('DELETE FROM flows WHERE id = $1', [id]);
  return (rowCount ?? 0) > 0;
}
