import { sourceConnector } from '../connectors/registry';
import type { Pool } from '../db/pool';
import { revealProperties } from '../properties';
import type { SecretBox } from '../secrets';
import { findSource, setDiscovery } from '../store/sources';
import { type JobQueue, QUEUES } from './queue';
import { withTimeout } from './time-bound';

// Discovery looks into a source for what it offers (its resolvers). It runs as a job, bounded in time,
// whenever a source is created or its settings change.

export function discoveryRuns(db: Pool, box: SecretBox, queue: JobQueue, timeoutMs: number) {
  return {
    requestDiscovery: async (sourceId: number): Promise<void> => {
      await setDiscovery(db, sourceId, { status: 'in_progress', error: null });
      try {
        await queue.send(QUEUES.discovery, { sourceId });
      } catch (error) {
        // Otherwise the resolvers would read in_progress forever.
        await setDiscovery(db, sourceId, { status: 'failed', error: 'Discovery could not be queued.' });
        throw error;
      }
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
        await setDiscovery(db, sourceId, { status: 'succeeded', error: null, discovered });
      } catch (error) {
        await setDiscovery(db, sourceId, { status: 'failed', error: (error as Error).message });
      }
    },
  };
}
