import { isDatabaseUnavailable } from '../db/availability';
import type { Queryable } from '../db/pool';
import type { Logger } from '../logger';
import { failOrphanedAttempt } from '../store/recovery';

// A run whose database went away mid-run cannot record how it ended; its instance lives on and takes
// its lock again, so crash recovery would never end it, and its flow would stay "running" for ever.
// Its runner ends it here instead, as interrupted, once the database answers again: exactly once,
// since the statement ends only an attempt still running.

export const DATABASE_LOST = 'Interrupted: the database stopped answering while this run was in progress.';

const RETRY_EVERY_MS = 1_000;
/** Past this, the process is likely to be restarted anyway, and crash recovery ends the run then. */
const GIVE_UP_AFTER_MS = 30 * 60_000;

export async function endOrphanedAttempt(db: Queryable, logger: Logger, attemptId: number, cause: unknown): Promise<void> {
  logger.warn({ attemptId, err: (cause as Error).message }, 'a run lost its database; it ends as interrupted once the database answers');
  const deadline = Date.now() + GIVE_UP_AFTER_MS;
  for (;;) {
    try {
      if (await failOrphanedAttempt(db, attemptId, DATABASE_LOST)) logger.info({ attemptId }, 'flow run ended as interrupted');
      return;
    } catch (error) {
      if (!isDatabaseUnavailable(error) || Date.now() > deadline) {
        logger.error({ attemptId, err: (error as Error).message }, 'could not end a run that lost its database');
        return;
      }
    }
    await new Promise((resolveWait) => setTimeout(resolveWait, RETRY_EVERY_MS));
  }
}
