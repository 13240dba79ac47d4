import type { Logger } from './logger';

// The last line of defence: an error nobody handled is logged with what is known of it, and the service
// carries on when the error says the outside world failed (a socket, a disk, the database), since that
// leaves the process sound. Any other uncaught exception is a bug whose state nobody can vouch for: the
// service stops as it does on SIGTERM (its runs end as interrupted) and exits 1 for its supervisor.

const STOP_GRACE_MS = 15_000;

/** Postgres' connection-level messages (node-postgres gives these no code). */
const CONNECTION_MESSAGES =
  /Connection terminated|connection timeout|timeout exceeded when trying to connect|Query read timeout|Client has encountered a connection error/i;

/** An error of the world outside (an errno code such as ENOSPC or ECONNRESET, a Postgres SQLSTATE, a dropped connection). */
export function isOperationalError(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (/^E[A-Z0-9_]+$/.test(code) || /^[0-9A-Z]{5}$/.test(code))) return true;
  return CONNECTION_MESSAGES.test(String((error as { message?: unknown }).message));
}

/** What a log line says of anything thrown: message, code and stack when it has them. */
export function describeError(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { value: String(error) };
  const { code, syscall } = error as NodeJS.ErrnoException;
  return { message: error.message, name: error.name, ...(code ? { code } : {}), ...(syscall ? { syscall } : {}), stack: error.stack };
}

export interface ProcessGuard {
  /** How to stop the service cleanly, once it has started. */
  onFatal: (stop: () => Promise<void>) => void;
  /** Takes the handlers off again (tests). */
  remove: () => void;
}

export function guardProcess(logger: Logger, exit: (code: number) => void = (code) => process.exit(code)): ProcessGuard {
  let stop: () => Promise<void> = () => Promise.resolve();
  let stopping = false;
  const onRejection = (reason: unknown) => {
    logger.error({ err: describeError(reason) }, 'a promise failed with nobody to handle it; the service carries on');
  };
  const onException = (error: Error, origin: string) => {
    if (isOperationalError(error)) {
      logger.error({ err: describeError(error), origin }, 'an error of the outside world reached nobody; the service carries on');
      return;
    }
    logger.fatal({ err: describeError(error), origin }, 'uncaught exception: the service stops, ending its runs as interrupted');
    if (stopping) return;
    stopping = true;
    const grace = setTimeout(() => {
      exit(1);
    }, STOP_GRACE_MS);
    grace.unref();
    stop().then(
      () => {
        exit(1);
      },
      (stopError: unknown) => {
        logger.error({ err: describeError(stopError) }, 'stop failed');
        exit(1);
      },
    );
  };
  process.on('unhandledRejection', onRejection);
  process.on('uncaughtException', onException);
  return {
    onFatal(stopService) {
      stop = stopService;
    },
    remove() {
      process.off('unhandledRejection', onRejection);
      process.off('uncaughtException', onException);
    },
  };
}
