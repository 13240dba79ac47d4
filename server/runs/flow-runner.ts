import { randomUUID } from 'node:crypto';
import { destinationConnector, sourceConnector } from '../connectors/registry';
import type { Pool } from '../db/pool';
import type { Logger } from '../logger';
import { revealProperties, secretValues } from '../properties';
import type { SecretBox } from '../secrets';
import { findAttempt, finishAttempt, saveCountsAfterEnd } from '../store/attempts';
import { findDestination } from '../store/destinations';
import { findFlow, pauseFlow } from '../store/flows';
import { findSource } from '../store/sources';
import { runSelection } from '@/service-rules/resolver-choice';
import { effectiveModes, effectiveNamespace } from '@/service-rules/flow-tables';
import { AttemptLog } from './attempt-log';
import { factsOf } from './flow-resources';
import { countText, durationText } from './log-text';
import { moveOrRecordFailure, type ResourceLoad, type Run } from './move-resource';
import { resolverListOf } from './resolvers';
import { Cancelled, RunProgress } from './run-progress';

// Executes one run attempt in four steps: prepare (the flow, its endpoints, their connectors and the
// resources the user left turned on, see src/service-rules/resolver-choice.ts), move each resource
// (move-resource.ts), then finish, or cancel when the attempt ended meanwhile (run-progress.ts).
// One failing resource records its error and the others still load. Each step is written to the
// attempt's log (attempt-log.ts): start, each resource's start and end with counts and duration, batch
// progress (at most one line a second per resource), warnings, errors with their context, cancel, completion.

export interface RunContext {
  db: Pool;
  box: SecretBox;
  logger: Logger;
}

type Outcome = 'succeeded' | 'failed' | 'cancelled';

/** A run ready to move rows, or why it cannot start. */
type Prepared = Omit<Run, 'errors' | 'schemaChanged' | 'progress'> | { cannotStart: string };

/** How a line names a source or destination: its name and kind. */
const describe = (endpoint: { display_name: string; spec: string } | undefined) =>
  endpoint ? `“${endpoint.display_name}” (${endpoint.spec})` : 'a missing endpoint';

export async function executeAttempt(context: RunContext, attemptId: number, flowId: number, signal: AbortSignal): Promise<Outcome> {
  const log = new AttemptLog(context.db, attemptId, context.logger);
  try {
    return await executeLogged(context, attemptId, flowId, signal, log);
  } finally {
    await log.close();
  }
}

async function executeLogged(context: RunContext, attemptId: number, flowId: number, signal: AbortSignal, log: AttemptLog): Promise<Outcome> {
  const started = Date.now();
  const prepared = await prepare(context, attemptId, flowId, signal, log, started);
  if ('cannotStart' in prepared) return failBeforeMoving(context.db, attemptId, log, started, prepared.cannotStart);
  const counts = prepared.loads.map((load) => load.count);
  const run: Run = { ...prepared, errors: [], schemaChanged: [], progress: new RunProgress(context.db, attemptId, counts, signal) };
  try {
    await run.progress.checkpoint(true);
    for (const load of run.loads) await moveOrRecordFailure(run, load);
    return await finish(run);
  } catch (error) {
    if (error instanceof Cancelled) return await cancel(run);
    return await failMidway(run, (error as Error).message);
  } finally {
    run.progress.close();
  }
}

/** Reads the flow and its endpoints, finds their connectors and lists the resources to load; logs the plan. */
async function prepare(context: RunContext, attemptId: number, flowId: number, signal: AbortSignal, log: AttemptLog, started: number): Promise<Prepared> {
  const { db, box } = context;
  const attempt = await findAttempt(db, attemptId);
  const flow = await findFlow(db, flowId);
  const source = flow ? await findSource(db, flow.source_id) : undefined;
  const destination = flow ? await findDestination(db, flow.destination_id) : undefined;
  if (source && destination) log.withSecrets([...secretValues(source.properties, box), ...secretValues(destination.properties, box)]);
  log.info('run.started', `Attempt started (${attempt?.trigger ?? 'manual'}): from ${describe(source)} into ${describe(destination)}.`, {
    fields: { trigger: attempt?.trigger ?? null, attempt: attempt?.number ?? null, source: source?.spec ?? null, destination: destination?.spec ?? null },
  });
  if (!flow || !source || !destination) return { cannotStart: 'The flow, its source or its destination no longer exists.' };
  const reader = sourceConnector(source.spec);
  if (!reader) return { cannotStart: `This service cannot read from "${source.spec}" sources yet.` };
  const writer = destinationConnector(destination.spec);
  if (!writer) return { cannotStart: `This service cannot load into "${destination.spec}" destinations yet.` };

  const sourceProperties = revealProperties(source.properties, box);
  const destinationProperties = revealProperties(destination.properties, box);
  const readers = await reader.resources(sourceProperties, signal).catch((error: unknown) => error as Error);
  if (readers instanceof Error) return { cannotStart: readers.message };
  const selection = runSelection(resolverListOf(source).resolvers);
  const skipped = readers.filter((resource) => !selection.loads(resource.name)).map((resource) => resource.name);
  const loaded = readers.filter((resource) => selection.loads(resource.name));
  const modes = effectiveModes(
    loaded.map((resource) => resource.name),
    flow.resource_modes,
    flow.default_sync_mode,
  );
  const loads = loaded.map((resource, index): ResourceLoad => ({
    reader: resource,
    mode: modes[index] ?? { name: resource.name, syncMode: flow.default_sync_mode, cursorField: null, primaryKey: null },
    count: { name: resource.name, extracted: 0, analyzed: 0, loaded: 0, written: 0, committed: false },
    committed: false,
  }));

  log.info('run.resources', `${countText(loads.length, 'resource')} to load: ${loads.map(({ reader }) => reader.name).join(', ') || 'none'}.`, {
    fields: { resources: loads.length, turnedOff: skipped.length },
  });
  if (skipped.length > 0) log.info('run.resources_off', `Turned off, not loaded: ${skipped.join(', ')}.`);
  if (selection.columnsOff.size > 0) log.info('run.columns_off', `Columns turned off, left out of every row: ${[...selection.columnsOff].join(', ')}.`);
  if (loads.length === 0) log.warn('run.nothing_to_load', 'No resource is turned on: this attempt moves nothing.');

  const loadId = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}`;
  const resync = attempt?.resync;
  return {
    db,
    logger: context.logger,
    attemptId,
    flowId,
    log,
    started,
    loadId,
    destination: { id: destination.id, name: destination.display_name },
    writer,
    destinationProperties,
    namespace: effectiveNamespace(flow.namespace, destination.spec, destinationProperties),
    tablePrefix: flow.table_prefix,
    schemaChanges: flow.schema_changes,
    sparseRows: source.spec === 'rest_api',
    resync: resync == null ? null : resync.length === 0 ? 'all' : new Set(resync),
    facts: factsOf(source),
    columnsOff: selection.columnsOff,
    loads,
  };
}

async function failBeforeMoving(db: Pool, attemptId: number, log: AttemptLog, started: number, message: string): Promise<Outcome> {
  log.error('run.failed', `Attempt failed before moving any rows: ${message}`, { fields: { durationMs: Date.now() - started } });
  await finishAttempt(db, attemptId, { disposition: 'failed', errors: [message], resources: null });
  return 'failed';
}

const countsOf = (run: Run) => run.loads.map((load) => load.count);
const loadedRows = (run: Run) => run.loads.reduce((sum, load) => sum + load.count.loaded, 0);

/** Ends the attempt with what every resource did; a cancel that came first wins. */
async function finish(run: Run): Promise<Outcome> {
  const { log, errors } = run;
  if (run.schemaChanged.length > 0) await pauseOnSchemaChange(run);
  const finished = await finishAttempt(run.db, run.attemptId, {
    disposition: errors.length > 0 ? 'failed' : 'succeeded',
    errors,
    resources: countsOf(run),
    schemaChanged: run.schemaChanged.length > 0,
  });
  const loaded = loadedRows(run);
  const resources = run.loads.length;
  const fields = { loaded, resources, failedResources: errors.length, durationMs: Date.now() - run.started };
  if (!finished) {
    log.warn('run.cancelled', 'Cancelled as it was finishing: the attempt had already ended.', { fields });
    return 'cancelled';
  }
  if (errors.length > 0) {
    log.error('run.failed', `Attempt failed in ${durationText(fields.durationMs)}: ${String(errors.length)} of ${countText(resources, 'resource')} failed.`, {
      fields,
    });
    return 'failed';
  }
  log.info('run.succeeded', `Attempt succeeded in ${durationText(fields.durationMs)}: ${countText(loaded, 'row')} loaded.`, { fields });
  return 'succeeded';
}

/** A resource's columns changed and the flow's policy is `pause`: the flow's schedule pauses until someone looks. */
async function pauseOnSchemaChange(run: Run): Promise<void> {
  await pauseFlow(run.db, run.flowId);
  run.log.warn(
    'run.paused',
    `The flow is paused: the columns of ${run.schemaChanged.join(', ')} changed, and it pauses on schema changes. Resume it once its destination is ready for them.`,
  );
}

/** The attempt ended while running (cancelled, or the service stopping): its final counts and log line. */
async function cancel(run: Run): Promise<Outcome> {
  // `loaded` counts rows the destination keeps: a resource cancelled mid-load was rolled back.
  const inHand = run.loads.filter((load) => !load.committed && load.position).map((load) => load.reader.name);
  for (const load of run.loads) if (!load.committed) load.count.loaded = 0;
  await saveCountsAfterEnd(run.db, run.attemptId, countsOf(run)).catch(() => undefined);
  const durationMs = Date.now() - run.started;
  run.log.warn(
    'run.cancelled',
    `Cancelled after ${durationText(durationMs)}${inHand.length > 0 ? `: the load of ${inHand.join(', ')} was rolled back` : ''}.`,
    { resource: inHand[0] ?? null, fields: { loaded: loadedRows(run), durationMs } },
  );
  return 'cancelled';
}

/** Something outside any one resource failed (a save of the attempt itself): the attempt fails with it. */
async function failMidway(run: Run, message: string): Promise<Outcome> {
  run.log.error('run.failed', `Attempt failed: ${message}`, { fields: { error: message, durationMs: Date.now() - run.started } });
  await finishAttempt(run.db, run.attemptId, { disposition: 'failed', errors: [...run.errors, message], resources: countsOf(run) });
  return 'failed';
}
