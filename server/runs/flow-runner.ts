import { randomUUID } from 'node:crypto';
import { destinationConnector, sourceConnector } from '../connectors/registry';
import { tableName } from '../connectors/schema';
import type { ResourceReader, Row } from '../connectors/types';
import type { Pool } from '../db/pool';
import type { Logger } from '../logger';
import { revealProperties, secretValues } from '../properties';
import type { SecretBox } from '../secrets';
import { markLoading } from '../store/attempt-loads';
import { findAttempt, finishAttempt, type ResourceCounts, saveCountsAfterEnd, saveProgress } from '../store/attempts';
import { findDestination } from '../store/destinations';
import { findFlow } from '../store/flows';
import { findSource } from '../store/sources';
import { runSelection } from '@/service-rules/resolver-choice';
import { AttemptLog } from './attempt-log';
import { countText, durationText, PROGRESS_LINE_MS } from './log-text';
import { resolverListOf } from './resolvers';

// Executes one run attempt: every resource of the source the user left turned on (its resolvers, see
// src/service-rules/resolver-choice.ts) streamed in batches into the destination.
// Progress is saved at least every PROGRESS_MS; a save that finds the attempt ended (cancelled
// through the API, possibly on another instance) stops the run. One failing resource records its
// error and the others still load. The resource in hand is noted on the attempt before its writer
// opens and cleared after it commits or aborts: if the service dies in between, recovery knows
// which load to discard and to count as not loaded (recovery.ts). Each step is written to the attempt's
// log (attempt-log.ts): start, each resource's start and end with counts and duration, batch progress
// (at most one line a second per resource), warnings, errors with their context, cancel, completion.

const PROGRESS_MS = 250;

export interface RunContext {
  db: Pool;
  box: SecretBox;
  logger: Logger;
}

class Cancelled extends Error {}

/** How a line names a source or destination: its name and kind. */
const describe = (endpoint: { display_name: string; spec: string } | undefined) =>
  endpoint ? `“${endpoint.display_name}” (${endpoint.spec})` : 'a missing endpoint';

/** Rows without the columns turned off (a CSV source's resolvers are its columns). */
function withoutColumns(rows: Row[], off: ReadonlySet<string>): Row[] {
  if (off.size === 0) return rows;
  return rows.map((row) => Object.fromEntries(Object.entries(row).filter(([column]) => !off.has(column))));
}

export async function executeAttempt(
  context: RunContext,
  attemptId: number,
  flowId: number,
  signal: AbortSignal,
): Promise<'succeeded' | 'failed' | 'cancelled'> {
  const log = new AttemptLog(context.db, attemptId, context.logger);
  try {
    return await executeLogged(context, attemptId, flowId, signal, log);
  } finally {
    await log.close();
  }
}

async function executeLogged(
  context: RunContext,
  attemptId: number,
  flowId: number,
  signal: AbortSignal,
  log: AttemptLog,
): Promise<'succeeded' | 'failed' | 'cancelled'> {
  const { db } = context;
  const started = Date.now();
  const attempt = await findAttempt(db, attemptId);
  const flow = await findFlow(db, flowId);
  const source = flow ? await findSource(db, flow.source_id) : undefined;
  const destination = flow ? await findDestination(db, flow.destination_id) : undefined;
  if (source && destination) log.withSecrets([...secretValues(source.properties, context.box), ...secretValues(destination.properties, context.box)]);
  log.info('run.started', `Attempt started (${attempt?.trigger ?? 'manual'}): from ${describe(source)} into ${describe(destination)}.`, {
    fields: { trigger: attempt?.trigger ?? null, attempt: attempt?.number ?? null, source: source?.spec ?? null, destination: destination?.spec ?? null },
  });
  const fail = async (message: string) => {
    log.error('run.failed', `Attempt failed before moving any rows: ${message}`, { fields: { durationMs: Date.now() - started } });
    await finishAttempt(db, attemptId, { disposition: 'failed', errors: [message], resources: null });
    return 'failed' as const;
  };
  if (!flow || !source || !destination) return fail('The flow, its source or its destination no longer exists.');
  const reader = sourceConnector(source.spec);
  if (!reader) return fail(`This service cannot read from "${source.spec}" sources yet.`);
  const writer = destinationConnector(destination.spec);
  if (!writer) return fail(`This service cannot load into "${destination.spec}" destinations yet.`);

  const sourceProperties = revealProperties(source.properties, context.box);
  const destinationProperties = revealProperties(destination.properties, context.box);
  const readers = await reader.resources(sourceProperties, signal).catch((error: unknown) => error as Error);
  if (readers instanceof Error) return fail(readers.message);
  const selection = runSelection(resolverListOf(source).resolvers);
  const skipped = readers.filter((resource) => !selection.loads(resource.name)).map((resource) => resource.name);
  const work = readers
    .filter((resource) => selection.loads(resource.name))
    .map((resource) => ({ resource, count: { name: resource.name, extracted: 0, analyzed: 0, loaded: 0 } satisfies ResourceCounts }));
  const counts: ResourceCounts[] = work.map(({ count }) => count);
  const errors: string[] = [];
  const committed = new Set<ResourceCounts>();
  const loadId = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}`;

  const local = new AbortController();
  const stop = () => {
    local.abort();
  };
  signal.addEventListener('abort', stop, { once: true });
  let lastSave = 0;
  const checkpoint = async (force = false) => {
    if (!force && Date.now() - lastSave < PROGRESS_MS) return;
    lastSave = Date.now();
    if (!(await saveProgress(db, attemptId, counts))) {
      local.abort();
    }
    if (local.signal.aborted) throw new Cancelled();
  };
  const heartbeat = setInterval(() => {
    void checkpoint().catch(() => undefined);
  }, PROGRESS_MS);

  log.info('run.resources', `${countText(work.length, 'resource')} to load: ${work.map(({ resource }) => resource.name).join(', ') || 'none'}.`, {
    fields: { resources: work.length, turnedOff: skipped.length },
  });
  if (skipped.length > 0) log.info('run.resources_off', `Turned off, not loaded: ${skipped.join(', ')}.`);
  if (selection.columnsOff.size > 0) log.info('run.columns_off', `Columns turned off, left out of every row: ${[...selection.columnsOff].join(', ')}.`);
  if (work.length === 0) log.warn('run.nothing_to_load', 'No resource is turned on: this attempt moves nothing.');

  /** Where a resource's load stood, for the line that says how it ended. */
  const positions = new Map<ResourceCounts, { batches: number; startedAt: number }>();
  const moveResource = async (resource: ResourceReader, count: ResourceCounts) => {
    const position = { batches: 0, startedAt: Date.now() };
    positions.set(count, position);
    log.info('resource.started', 'Started.', { resource: resource.name });
    const table = tableName(resource.name);
    const resourceLoadId = `${loadId}-${table}`;
    await markLoading(db, attemptId, { loadId: resourceLoadId, resource: resource.name });
    // Today's behaviour until the runner chooses per resource: append into the destination's default namespace.
    const output = await writer.open(destinationProperties, {
      flowId,
      attemptId,
      loadId: resourceLoadId,
      resource: resource.name,
      namespace: writer.defaultNamespace(destinationProperties),
      table,
      write: 'append',
      primaryKey: null,
      cursorField: null,
      generation: 0,
      extractedAt: new Date(),
      schemaChanges: 'propagate',
      knownColumns: null,
      sparseRows: source.spec === 'rest_api',
    });
    let lastProgressLine = 0;
    try {
      for await (const batch of resource.batches(local.signal)) {
        if (local.signal.aborted) throw new Cancelled();
        count.extracted += batch.length;
        count.analyzed += batch.length;
        await output.write(withoutColumns(batch, selection.columnsOff));
        count.loaded += batch.length;
        position.batches += 1;
        if (Date.now() - lastProgressLine >= PROGRESS_LINE_MS) {
          lastProgressLine = Date.now();
          log.info('resource.progress', `Batch ${String(position.batches)}: ${countText(count.loaded, 'row')} loaded so far.`, {
            resource: resource.name,
            fields: { batch: position.batches, batchRows: batch.length, extracted: count.extracted, loaded: count.loaded },
          });
        }
        await checkpoint();
      }
      if (local.signal.aborted) throw new Cancelled();
      await output.commit({ cursor: null, rowsWritten: count.loaded });
      committed.add(count);
      const durationMs = Date.now() - position.startedAt;
      log.info(
        'resource.finished',
        `Finished: ${countText(count.extracted, 'row')} extracted, ${countText(count.loaded, 'row')} loaded in ${durationText(durationMs)}.`,
        {
          resource: resource.name,
          fields: { extracted: count.extracted, analyzed: count.analyzed, loaded: count.loaded, batches: position.batches, durationMs },
        },
      );
      if (count.extracted === 0) log.warn('resource.empty', 'The source gave no rows.', { resource: resource.name });
    } catch (error) {
      await output.abort();
      throw error;
    } finally {
      await markLoading(db, attemptId, null).catch(() => undefined);
    }
  };

  try {
    await checkpoint(true);
    for (const { resource, count } of work) {
      try {
        await moveResource(resource, count);
      } catch (error) {
        if (error instanceof Cancelled) throw error;
        const position = positions.get(count);
        log.error('resource.failed', `Failed, nothing of it was kept: ${(error as Error).message}`, {
          resource: resource.name,
          fields: {
            error: (error as Error).message,
            batch: position ? position.batches + 1 : null,
            extractedBeforeFailure: count.extracted,
            durationMs: position ? Date.now() - position.startedAt : null,
          },
        });
        count.loaded = 0;
        errors.push(`${resource.name}: ${(error as Error).message}`);
        context.logger.warn({ attemptId, resource: resource.name, err: (error as Error).message }, 'resource failed');
      }
    }
    const finished = await finishAttempt(db, attemptId, { disposition: errors.length > 0 ? 'failed' : 'succeeded', errors, resources: counts });
    const loaded = counts.reduce((sum, count) => sum + count.loaded, 0);
    const fields = { loaded, resources: counts.length, failedResources: errors.length, durationMs: Date.now() - started };
    if (!finished) {
      log.warn('run.cancelled', 'Cancelled as it was finishing: the attempt had already ended.', { fields });
      return 'cancelled';
    }
    if (errors.length > 0) {
      log.error(
        'run.failed',
        `Attempt failed in ${durationText(fields.durationMs)}: ${String(errors.length)} of ${countText(counts.length, 'resource')} failed.`,
        {
          fields,
        },
      );
      return 'failed';
    }
    log.info('run.succeeded', `Attempt succeeded in ${durationText(fields.durationMs)}: ${countText(loaded, 'row')} loaded.`, { fields });
    return 'succeeded';
  } catch (error) {
    if (error instanceof Cancelled) {
      // `loaded` counts rows the destination keeps: a resource cancelled mid-load was rolled back.
      const inHand = counts.filter((count) => !committed.has(count) && positions.has(count)).map((count) => count.name);
      for (const count of counts) if (!committed.has(count)) count.loaded = 0;
      await saveCountsAfterEnd(db, attemptId, counts).catch(() => undefined);
      log.warn(
        'run.cancelled',
        `Cancelled after ${durationText(Date.now() - started)}${inHand.length > 0 ? `: the load of ${inHand.join(', ')} was rolled back` : ''}.`,
        { resource: inHand[0] ?? null, fields: { loaded: counts.reduce((sum, count) => sum + count.loaded, 0), durationMs: Date.now() - started } },
      );
      return 'cancelled';
    }
    log.error('run.failed', `Attempt failed: ${(error as Error).message}`, { fields: { error: (error as Error).message, durationMs: Date.now() - started } });
    await finishAttempt(db, attemptId, { disposition: 'failed', errors: [...errors, (error as Error).message], resources: counts });
    return 'failed';
  } finally {
    clearInterval(heartbeat);
    signal.removeEventListener('abort', stop);
  }
}
