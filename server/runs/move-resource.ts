import type { DestinationConnector, ResourceReader, Row } from '../connectors/types';
import type { Pool } from '../db/pool';
import type { Logger } from '../logger';
import type { PlainProperties } from '../properties';
import { markLoading } from '../store/attempt-loads';
import type { AttemptLog } from './attempt-log';
import { countText, durationText, PROGRESS_LINE_MS } from './log-text';
import { Cancelled, type RunProgress } from './run-progress';
import { withinStallBound } from './stall-guard';
import type { ResourceCounts } from '@/service-rules/status';

// Moves one resource of a run: its rows streamed in batches from the source's reader into a writer the
// destination opened for it, visible there only once the writer commits. The resource in hand is noted
// on the attempt before its writer opens and cleared after it commits or aborts: if the service dies in
// between, recovery knows which load to discard and to count as not loaded (recovery.ts).

/** One resource a run loads, and how far its load got. */
export interface ResourceLoad {
  reader: ResourceReader;
  count: ResourceCounts;
  /** Set when its load starts. */
  position?: { batches: number; startedAt: number };
  committed: boolean;
}

/** A run in progress: where it writes, what it loads, what it has met. */
export interface Run {
  db: Pool;
  logger: Logger;
  attemptId: number;
  log: AttemptLog;
  started: number;
  /** Names this run's loads in the destination (each writer gets it with its resource's name). */
  loadId: string;
  writer: DestinationConnector;
  destinationProperties: PlainProperties;
  /** Columns to leave out of every row. */
  columnsOff: ReadonlySet<string>;
  loads: ResourceLoad[];
  /** One per failed resource: `name: message`. */
  errors: string[];
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
    if (error instanceof Cancelled) throw error;
    recordFailure(run, load, (error as Error).message);
  }
}

async function moveResource(run: Run, load: ResourceLoad): Promise<void> {
  const { log, progress } = run;
  const { reader, count } = load;
  const position = { batches: 0, startedAt: Date.now() };
  load.position = position;
  log.info('resource.started', 'Started.', { resource: reader.name });
  await markLoading(run.db, run.attemptId, { loadId: run.loadId, resource: reader.name });
  const output = await run.writer.open(run.destinationProperties, reader.name, run.loadId);
  let lastProgressLine = 0;
  try {
    for await (const batch of withinStallBound((signal) => reader.batches(signal), progress.signal)) {
      progress.throwIfCancelled();
      count.extracted += batch.length;
      count.analyzed += batch.length;
      await output.write(withoutColumns(batch, run.columnsOff));
      count.loaded += batch.length;
      position.batches += 1;
      if (Date.now() - lastProgressLine >= PROGRESS_LINE_MS) {
        lastProgressLine = Date.now();
        log.info('resource.progress', `Batch ${String(position.batches)}: ${countText(count.loaded, 'row')} loaded so far.`, {
          resource: reader.name,
          fields: { batch: position.batches, batchRows: batch.length, extracted: count.extracted, loaded: count.loaded },
        });
      }
      await progress.checkpoint();
    }
    progress.throwIfCancelled();
    await output.commit();
    load.committed = true;
    logFinished(log, load, position);
  } catch (error) {
    await output.abort();
    throw error;
  } finally {
    await markLoading(run.db, run.attemptId, null).catch(() => undefined);
  }
}

function logFinished(log: AttemptLog, { reader, count }: ResourceLoad, position: { batches: number; startedAt: number }): void {
  const durationMs = Date.now() - position.startedAt;
  log.info(
    'resource.finished',
    `Finished: ${countText(count.extracted, 'row')} extracted, ${countText(count.loaded, 'row')} loaded in ${durationText(durationMs)}.`,
    {
      resource: reader.name,
      fields: { extracted: count.extracted, analyzed: count.analyzed, loaded: count.loaded, batches: position.batches, durationMs },
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
