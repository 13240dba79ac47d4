import { sourceConnector } from '../connectors/registry';
import type { Pool } from '../db/pool';
import { revealProperties } from '../properties';
import type { SecretBox } from '../secrets';
import { claimDiscovery, findSource, setDiscovery, type SourceRow } from '../store/sources';
import { type JobQueue, QUEUES } from './queue';
import { resolverNames } from './resolvers';
import { withTimeout } from './time-bound';

// Discovery looks into a source for what it offers (its resolvers). It runs as a job, bounded in time,
// whenever a source is created or its settings change, and when the user asks for it (Discover now).

/**
 * A discovery gives up after its bound; one still in progress a minute past it was lost with the
 * instance that ran it (a crash), so Discover now may start another rather than be refused forever.
 */
const LOST_MARGIN_MS = 60_000;

export function discoveryRuns(db: Pool, box: SecretBox, queue: JobQueue, timeoutMs: number) {
  const enqueue = async (sourceId: number): Promise<void> => {
    try {
      await queue.send(QUEUES.discovery, { sourceId });
    } catch (error) {
      // Otherwise the resolvers would read in_progress forever.
      await setDiscovery(db, sourceId, { status: 'failed', error: 'Discovery could not be queued.' });
      throw error;
    }
  };

  return {
    /** After the settings changed: a discovery under way looked at the old ones, so this one starts whatever the state. */
    requestDiscovery: async (sourceId: number): Promise<void> => {
      await setDiscovery(db, sourceId, { status: 'in_progress', error: null });
      await enqueue(sourceId);
    },

    /**
     * Discover now: the source as it was when its discovery was claimed (in progress: the job may finish
     * before anyone reads it again), or undefined (nothing started) while a discovery is in progress.
     */
    discoverNow: async (sourceId: number): Promise<SourceRow | undefined> => {
      const claimed = await claimDiscovery(db, sourceId, timeoutMs + LOST_MARGIN_MS);
      if (claimed) await enqueue(sourceId);
      return claimed;
    },

    discover: async (sourceId: number): Promise<void> => {
      const source = await findSource(db, sourceId);
      if (!source) return;
      const connector = sourceConnector(source.spec);
      if (!connector) {
        await setDiscovery(db, sourceId, { status: 'failed', error: `This service cannot look into "${source.spec}" sources yet.` });
        return;
      }
      try {
        const found = await withTimeout(
          timeoutMs,
          () => new Error(`Discovery gave up after ${String(timeoutMs / 1000)} s: the source did not answer in time.`),
          (signal) => connector.discover(revealProperties(source.properties, box), signal),
        );
        const discovered = found.map((resource) => ({ ...resource, suppressed: false, maskedByDefault: resource.notes?.includes('personal data') ?? false }));
        await setDiscovery(db, sourceId, { status: 'succeeded', error: null, discovered, keep: resolverNames(source.spec, discovered) });
      } catch (error) {
        await setDiscovery(db, sourceId, { status: 'failed', error: (error as Error).message });
      }
    },
  };
}
