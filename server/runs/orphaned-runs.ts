import { isDatabaseUnavailable } from '../db/availability';
import type { Queryable } from '../db/pool';
import type { Logger } from '../logger';
import { failOrphanedAttempt, failOrphanedWorkflowRun } from '../store/recovery';

// A run whose database went away mid-run cannot record how it ended; its instance lives on and takes
// its lock again, so crash recovery would never end it, and its flow or workflow would stay "running"
// for ever. Its runner ends it here instead, as interrupted, once the database answers again: exactly
// once, since the statements end only a run still running.

export const DATABASE_LOST = 'Interrupted: the database stopped answering while this run was in progress.';

const RETRY_EVERY_MS = 1_000;
/** Past this, the process is likely to be restarted anyway, and crash recovery ends the run then. */
const GIVE_UP_AFTER_MS = 30 * 60_000;

/** A workflow step's flow run lost its database: the workflow run ends as interrupted with it. */
export class StepLostDatabase extends Error {
  constructor(attemptId: number) {
    super(`The run of attempt ${String(attemptId)} lost its database.`);
  }
}

/** Whether an error a runner met means its database went away, so the run ends here as interrupted. */
export const lostDatabase = (error: unknown): boolean => error instanceof StepLostDatabase || isDatabaseUnavailable(error);

/** Tries `end` every second until the database answers (or for 30 minutes at most). */
async function whenDatabaseAnswers(logger: Logger, what: Record<string, unknown>, end: () => Promise<void>): Promise<void> {
  const deadline = Date.now() + GIVE_UP_AFTER_MS;
  for (;;) {
    try {
      await end();
      return;
    } catch (error) {
      if (!isDatabaseUnavailable(error) || Date.now() > deadline) {
        logger.error({ ...what, err: (error as Error).message }, 'could not end a run that lost its database');
        return;
      }
    }
    await new Promise((resolveWait) => setTimeout(resolveWait, RETRY_EVERY_MS));
  }
}

export async function endOrphanedAttempt(db: Queryable, logger: Logger, attemptId: number, cause: unknown): Promise<void> {
  logger.warn({ attemptId, err: (cause as Error).message }, 'a run lost its database; it ends as interrupted once the database answers');
  await whenDatabaseAnswers(logger, { attemptId }, async () => {
    if (await failOrphanedAttempt(db, attemptId, DATABASE_LOST)) logger.info({ attemptId }, 'flow run ended as interrupted');
  });
}

/** The workflow run and its steps' attempts still running; `abort` stops the attempts it ended that run here. */
export async function endOrphanedWorkflowRun(
  db: Queryable,
  logger: Logger,
  runId: number,
  cause: unknown,
  abort: (attemptIds: number[]) => void,
): Promise<void> {
  logger.warn({ runId, err: (cause as Error).message }, 'a workflow run lost its database; it ends as interrupted once the database answers');
  await whenDatabaseAnswers(logger, { runId }, async () => {
    const { ended, attempts } = await failOrphanedWorkflowRun(db, runId, DATABASE_LOST);
    abort(attempts);
    if (ended) logger.info({ runId, attempts }, 'workflow run ended as interrupted');
  });
}
