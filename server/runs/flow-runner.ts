import { randomUUID } from 'node:crypto';
import { destinationConnector, sourceConnector } from '../connectors/registry';
import type { ResourceReader, Row } from '../connectors/types';
import type { Pool } from '../db/pool';
import type { Logger } from '../logger';
import { revealProperties } from '../properties';
import type { SecretBox } from '../secrets';
import { markLoading } from '../store/attempt-loads';
import { finishAttempt, type ResourceCounts, saveCountsAfterEnd, saveProgress } from '../store/attempts';
import { findDestination } from '../store/destinations';
import { findFlow } from '../store/flows';
import { findSource } from '../store/sources';
import { runSelection } from '@/service-rules/resolver-choice';
import { resolverListOf } from './resolvers';

// Executes one run attempt: every resource of the source the user left turned on (its resolvers, see
// src/service-rules/resolver-choice.ts) streamed in batches into the destination.
// Progress is saved at least every PROGRESS_MS; a save that finds the attempt ended (cancelled
// through the API, possibly on another instance) stops the run. One failing resource records its
// error and the others still load. The resource in hand is noted on the attempt before its writer
// opens and cleared after it commits or aborts: if the service dies in between, recovery knows
// which load to discard and to count as not loaded (recovery.ts).

const PROGRESS_MS = 250;

export interface RunContext {
  db: Pool;
  box: SecretBox;
  logger: Logger;
}

class Cancelled extends Error {}

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
  const { db } = context;
  const flow = await findFlow(db, flowId);
  const source = flow ? await findSource(db, flow.source_id) : undefined;
  const destination = flow ? await findDestination(db, flow.destination_id) : undefined;
  const fail = async (message: string) => {
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

  const moveResource = async (resource: ResourceReader, count: ResourceCounts) => {
    await markLoading(db, attemptId, { loadId, resource: resource.name });
    const output = await writer.open(destinationProperties, resource.name, loadId);
    try {
      for await (const batch of resource.batches(local.signal)) {
        if (local.signal.aborted) throw new Cancelled();
        count.extracted += batch.length;
        count.analyzed += batch.length;
        await output.write(withoutColumns(batch, selection.columnsOff));
        count.loaded += batch.length;
        await checkpoint();
      }
      if (local.signal.aborted) throw new Cancelled();
      await output.commit();
      committed.add(count);
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
        count.loaded = 0;
        errors.push(`${resource.name}: ${(error as Error).message}`);
        context.logger.warn({ attemptId, resource: resource.name, err: (error as Error).message }, 'resource failed');
      }
    }
    const finished = await finishAttempt(db, attemptId, { disposition: errors.length > 0 ? 'failed' : 'succeeded', errors, resources: counts });
    if (!finished) return 'cancelled';
    return errors.length > 0 ? 'failed' : 'succeeded';
  } catch (error) {
    if (error instanceof Cancelled) {
      // `loaded` counts rows the destination keeps: a resource cancelled mid-load was rolled back.
      for (const count of counts) if (!committed.has(count)) count.loaded = 0;
      await saveCountsAfterEnd(db, attemptId, counts).catch(() => undefined);
      return 'cancelled';
    }
    await finishAttempt(db, attemptId, { disposition: 'failed', errors: [...errors, (error as Error).message], resources: counts });
    return 'failed';
  } finally {
    clearInterval(heartbeat);
    signal.removeEventListener('abort', stop);
  }
}
