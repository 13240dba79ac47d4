import { tableOfAnotherFlow, waitingForDuckDb } from '@/api/messages';
import type { SchemaChangePolicy } from '@/api/tables';
import { qualifiedTable, type ResourceFacts, type ResourceMode, tableName, targetTable } from '@/service-rules/flow-tables';
import { greatestCursor } from '../connectors/cursor';
import {
  type DestinationConnector,
  type Json,
  type LoadRecord,
  type LoadTarget,
  type ResourceReader,
  type ResourceWriter,
  type Row,
  SchemaChanged,
} from '../connectors/types';
import type { Pool } from '../db/pool';
import type { Logger } from '../logger';
import type { PlainProperties } from '../properties';
import { markLoading, recordLoadCommitted, recordSchemaChangeSeen } from '../store/attempt-loads';
import type { LoadCounts } from '../store/attempts';
import { adoptCursor, claimTable, flowTable } from '../store/flow-tables';
import type { AttemptLog } from './attempt-log';
import { holdExclusive } from './exclusive-destination';
import { type LoadPlan, planLoad } from './load-plan';
import { countText, durationText, PROGRESS_LINE_MS } from './log-text';
import { Cancelled, type RunProgress } from './run-progress';
import { withinStallBound } from './stall-guard';

// Moves one resource of a run, in the steps of a load: its mode and target table, the table claimed for
// this flow, its state reconciled with the destination's last load record, the read (everything, or the
// rows past the saved cursor), the write (replace, append or merge), then the commit: the destination's
// (rows and load record in one transaction), then the service's (counts, cursor, load no longer in hand).
// The load in hand is noted on the attempt before its writer opens: if the service dies before both
// commits are done, recovery asks the destination whether it committed (recovery.ts).

/** One resource a run loads, and how far its load got. */
export interface ResourceLoad {
  reader: ResourceReader;
  mode: ResourceMode;
  count: LoadCounts;
  /** Set when its load starts. */
  position?: { batches: number; startedAt: number };
  committed: boolean;
}

/** A run in progress: where it writes, what it loads, what it has met. */
export interface Run {
  db: Pool;
  logger: Logger;
  attemptId: number;
  flowId: number;
  log: AttemptLog;
  started: number;
  /** Names this run's loads in the destination (each load adds its resource's table name). */
  loadId: string;
  destination: { id: number; name: string };
  writer: DestinationConnector;
  destinationProperties: PlainProperties;
  /** The flow's effective namespace, its table prefix and schema-change policy. */
  namespace: string;
  tablePrefix: string;
  schemaChanges: SchemaChangePolicy;
  /** Rows of this source may leave columns out (a REST API's): a missing column is never "removed". */
  sparseRows: boolean;
  /** A re-sync: the resources it reads in full and replaces ('all', or their names); null: a plain run. */
  resync: 'all' | ReadonlySet<string> | null;
  facts: (resource: string) => ResourceFacts | null;
  /** Columns to leave out of every row. */
  columnsOff: ReadonlySet<string>;
  loads: ResourceLoad[];
  /** One per failed resource: `name: message`. */
  errors: string[];
  /** The resources that stopped on a change of columns under the `pause` policy. */
  schemaChanged: string[];
  progress: RunProgress;
}

/** Rows without the columns turned off (a CSV source's resolvers are its columns). */
function withoutColumns(rows: Row[], off: ReadonlySet<string>): Row[] {
  if (off.size === 0) return rows;
  return rows.map((row) => Object.fromEntries(Object.entries(row).filter(([column]) => !off.has(column))));
}

/** Loads one resource, or records why it failed so the others still load; a cancel goes on up. */
export async function moveOrRecordFailure(run: Run, load: ResourceLoad): Promise<void> {
  try {
    await moveResource(run, load);
  } catch (error) {
    if (error instanceof Cancelled || error instanceof CommitNotRecorded) throw error;
    if (error instanceof SchemaChanged) await stoppedBySchemaChange(run, load, error);
    recordFailure(run, load, (error as Error).message);
  }
}

/** The destination committed, the service could not record it: the attempt fails, the next run takes the destination's record. */
export class CommitNotRecorded extends Error {}

const isResync = (run: Run, resource: string) => run.resync === 'all' || (run.resync?.has(resource) ?? false);

/** Step 1: the resource's table, claimed for this flow (a table another flow writes fails the resource). */
async function claim(run: Run, { mode }: ResourceLoad): Promise<string> {
  const table = targetTable(run.tablePrefix, mode.name);
  const owner = await claimTable(run.db, { destinationId: run.destination.id, namespace: run.namespace, table, flowId: run.flowId });
  if (owner) throw new Error(tableOfAnotherFlow({ id: owner.id, displayName: owner.display_name }, qualifiedTable(run.namespace, table)));
  return table;
}

/** Step 2: the plan, from the table's state as the destination last committed it. */
async function prepareLoad(run: Run, load: ResourceLoad, table: string): Promise<{ target: LoadTarget; plan: LoadPlan }> {
  const { mode } = load;
  const state = await flowTable(run.db, run.flowId, mode.name);
  const record = await run.writer.lastLoad(run.destinationProperties, {
    namespace: run.namespace,
    flowId: run.flowId,
    resource: mode.name,
    generation: state.generation,
  });
  const cursor = reconciledCursor(run, mode.name, state.cursor, record);
  if (record && JSON.stringify(record.cursor) !== JSON.stringify(state.cursor))
    await adoptCursor(run.db, run.flowId, mode.name, state.generation, record.cursor, record.committedAt);
  const plan = planLoad(
    mode,
    run.facts(mode.name),
    { cursor, syncMode: state.sync_mode, cursorField: state.cursor_field, primaryKey: state.primary_key },
    isResync(run, mode.name),
  );
  const target: LoadTarget = {
    flowId: run.flowId,
    attemptId: run.attemptId,
    loadId: `${run.loadId}-${tableName(mode.name)}`,
    resource: mode.name,
    namespace: run.namespace,
    table,
    write: plan.write,
    primaryKey: plan.primaryKey,
    cursorField: plan.cursorField,
    generation: state.generation,
    extractedAt: new Date(),
    schemaChanges: run.schemaChanges,
    knownColumns: record?.columns ?? state.columns,
    sparseRows: run.sparseRows,
  };
  return { target, plan };
}

/** The cursor a load starts from: the destination's record of its last commit is the authority (committed with the rows). */
function reconciledCursor(run: Run, resource: string, saved: Json | null, record: LoadRecord | null): Json | null {
  const destination = record?.cursor ?? null;
  if (JSON.stringify(destination) !== JSON.stringify(saved)) {
    run.log.warn(
      'resource.cursor_reconciled',
      record
        ? `The destination's record of the last load says the cursor is ${JSON.stringify(destination)} (the service had ${JSON.stringify(saved)}): continuing from the destination's.`
        : `The destination has no record of a load of this table (the service had the cursor ${JSON.stringify(saved)}): reading it in full.`,
      { resource, fields: { saved: JSON.stringify(saved), destination: JSON.stringify(destination) } },
    );
  }
  return destination;
}

async function moveResource(run: Run, load: ResourceLoad): Promise<void> {
  const { log, progress } = run;
  const { reader, count } = load;
  const position = { batches: 0, startedAt: Date.now() };
  load.position = position;
  const table = await claim(run, load);
  // Held from before the destination is first read: a DuckDB file is open in one process at a time.
  const release = await holdExclusive((await run.writer.exclusiveKey?.(run.destinationProperties)) ?? null, {
    db: run.db,
    attemptId: run.attemptId,
    waitingFor: waitingForDuckDb(run.destination.name),
    throwIfCancelled: () => {
      progress.throwIfCancelled();
    },
    onWait: () => {
      log.info('resource.waiting', `Waiting for “${run.destination.name}”: another load into the same DuckDB file is under way.`, { resource: reader.name });
    },
  });
  let inHand = false;
  try {
    const { target, plan } = await prepareLoad(run, load, table);
    logStarted(run, load, target, plan);
    await markLoading(run.db, run.attemptId, { loadId: target.loadId, resource: reader.name, namespace: target.namespace, table: target.table });
    inHand = true;
    const output = await run.writer.open(run.destinationProperties, target);
    let cursor = plan.cursor;
    let lastProgressLine = 0;
    try {
      for await (const batch of withinStallBound((signal) => reader.batches(signal, plan.from), progress.signal)) {
        progress.throwIfCancelled();
        count.extracted += batch.length;
        count.analyzed += batch.length;
        const rows = withoutColumns(batch, run.columnsOff);
        await output.write(rows);
        count.written += rows.length;
        if (plan.cursorField !== null) cursor = greatestCursor(cursor, rows, plan.cursorField);
        position.batches += 1;
        if (Date.now() - lastProgressLine >= PROGRESS_LINE_MS) {
          lastProgressLine = Date.now();
          log.info('resource.progress', `Batch ${String(position.batches)}: ${countText(count.written, 'row')} written so far, kept when the table commits.`, {
            resource: reader.name,
            fields: { batch: position.batches, batchRows: batch.length, extracted: count.extracted, written: count.written },
          });
        }
        await progress.checkpoint();
      }
      progress.throwIfCancelled();
    } catch (error) {
      await output.abort();
      throw error;
    }
    const record = await commitOrFind(run, output, target, { cursor, rowsWritten: count.written });
    if (record === undefined) {
      // Whether it committed cannot be told now: the load stays in hand for recovery to ask again.
      inHand = false;
      throw new Error('The destination did not confirm the commit, and could not be asked whether it happened; the next run reads from what it kept.');
    }
    count.loaded = record.rows;
    count.committed = true;
    load.committed = true;
    await recordCommit(run, load, plan, target, record);
    inHand = false;
    logFinished(log, load, position);
  } finally {
    if (inHand) await markLoading(run.db, run.attemptId, null).catch(() => undefined);
    await release();
  }
}

/**
 * The destination's commit. Should it fail, the destination is asked whether the load committed all the
 * same (a connection lost during COMMIT): its record, or the commit's error when it did not, or undefined
 * when it cannot be told.
 */
async function commitOrFind(
  run: Run,
  output: ResourceWriter,
  target: LoadTarget,
  state: { cursor: Json | null; rowsWritten: number },
): Promise<LoadRecord | undefined> {
  try {
    return await output.commit(state);
  } catch (error) {
    await output.abort().catch(() => undefined);
    const where = { namespace: target.namespace, loadId: target.loadId, resource: target.resource };
    const found = await run.writer.findLoad(run.destinationProperties, where).then(
      (record) => record,
      () => undefined,
    );
    if (found === null) throw error;
    return found;
  }
}

/** Step 6, the service's side of a commit, in one transaction; retried, as the destination's side is done already. */
async function recordCommit(run: Run, load: ResourceLoad, plan: LoadPlan, target: LoadTarget, record: LoadRecord): Promise<void> {
  const table = {
    flowId: run.flowId,
    resource: load.mode.name,
    generation: target.generation,
    table: qualifiedTable(target.namespace, target.table),
    syncMode: plan.syncMode,
    cursorField: plan.cursorField,
    primaryKey: plan.primaryKey,
    cursor: record.cursor,
    columns: record.columns,
    schemaChange: record.schemaChange,
    committedAt: record.committedAt,
  };
  const counts = run.loads.map((each) => each.count);
  for (let attempt = 1; ; attempt += 1) {
    try {
      await run.progress.inTurn(() => recordLoadCommitted(run.db, run.attemptId, counts, table));
      break;
    } catch (error) {
      if (attempt >= 3)
        throw new CommitNotRecorded(`${load.reader.name} committed in the destination, and the service could not record it: ${(error as Error).message}`);
      await new Promise((resolveWait) => setTimeout(resolveWait, 1_000 * attempt));
    }
  }
  if (record.schemaChange) {
    const { added, removed, changed } = record.schemaChange;
    run.log.warn(
      'resource.schema_changed',
      `The columns changed: ${[...added.map((column) => `${column.name} added`), ...removed.map((name) => `${name} removed (left empty)`), ...changed.map((column) => `${column.name} widened from ${column.from} to ${column.to}`)].join(', ')}.`,
      { resource: load.reader.name, fields: { added: added.length, removed: removed.length, changed: changed.length } },
    );
  }
}

/** Under the `pause` policy: the change is kept to show, and the run will pause the flow (flow-runner.ts). */
async function stoppedBySchemaChange(run: Run, load: ResourceLoad, error: SchemaChanged): Promise<void> {
  run.schemaChanged.push(load.reader.name);
  await recordSchemaChangeSeen(run.db, run.flowId, load.mode.name, error.change).catch(() => undefined);
}

function logStarted(run: Run, { reader }: ResourceLoad, target: LoadTarget, plan: LoadPlan): void {
  const into = qualifiedTable(target.namespace, target.table);
  const reading = plan.from ? `rows after ${plan.from.cursorField} ${JSON.stringify(plan.from.after)}` : 'every row';
  run.log.info('resource.started', `Started: ${plan.syncMode} into ${into} (${plan.write}), reading ${reading}.`, {
    resource: reader.name,
    fields: { syncMode: plan.syncMode, write: plan.write, table: into, cursorField: plan.cursorField, cursor: JSON.stringify(plan.cursor) },
  });
  if (plan.cursorDropped) run.log.info('resource.full_read', `The saved cursor is not used: ${plan.cursorDropped}.`, { resource: reader.name });
}

function logFinished(log: AttemptLog, { reader, count }: ResourceLoad, position: { batches: number; startedAt: number }): void {
  const durationMs = Date.now() - position.startedAt;
  log.info(
    'resource.finished',
    `Finished: ${countText(count.extracted, 'row')} extracted, ${countText(count.loaded, 'row')} kept in the destination in ${durationText(durationMs)}.`,
    {
      resource: reader.name,
      fields: { extracted: count.extracted, analyzed: count.analyzed, written: count.written, loaded: count.loaded, batches: position.batches, durationMs },
    },
  );
  if (count.extracted === 0) log.warn('resource.empty', 'The source gave no rows.', { resource: reader.name });
}

/** A failed resource keeps nothing in the destination, so it counts no rows loaded. */
function recordFailure(run: Run, { reader, count, position }: ResourceLoad, message: string): void {
  run.log.error('resource.failed', `Failed, nothing of it was kept: ${message}`, {
    resource: reader.name,
    fields: {
      error: message,
      batch: position ? position.batches + 1 : null,
      extractedBeforeFailure: count.extracted,
      durationMs: position ? Date.now() - position.startedAt : null,
    },
  });
  count.loaded = 0;
  run.errors.push(`${reader.name}: ${message}`);
  run.logger.warn({ attemptId: run.attemptId, resource: reader.name, err: message }, 'resource failed');
}
