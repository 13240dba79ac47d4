import pg from 'pg';
import type { Logger } from '../logger';

// Whether the service's own database answers, watched on a connection of its own (a pool full of waiting
// requests cannot hide an outage, nor delay its discovery): a probe every second that must answer
// within 2 s. While it does not, /v2 answers 503 at once and /health says so (http/database-gate.ts);
// requests already waiting on the database when it stops answering are answered 503 too.

const PROBE_EVERY_MS = 1_000;
const PROBE_TIMEOUT_MS = 2_000;

export interface DatabaseWatch {
  isUp: () => boolean;
  /** Settles when the database is next found not answering (at once while it is down). */
  wentDown: () => Promise<void>;
  stop: () => void;
}

/** Errors that say the database did not answer (as opposed to answering with an error of the request's own). */
const CONNECTION_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
// admin_shutdown, crash_shutdown, cannot_connect_now, and connection exceptions (08xxx).
const POSTGRES_UNAVAILABLE = /^(57P01|57P02|57P03|08\d{3})$/;
const CONNECTION_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Connection timeout|Client has encountered a connection error|connection is closed/i;

export function isDatabaseUnavailable(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (CONNECTION_CODES.has(code) || POSTGRES_UNAVAILABLE.test(code))) return true;
  return CONNECTION_MESSAGES.test(String((error as { message?: unknown }).message));
}

export function watchDatabase(connectionString: string, logger: Logger): DatabaseWatch {
  let up = true;
  let client: pg.Client | null = null;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let signalDown: () => void = () => undefined;
  let down = new Promise<void>((resolveDown) => (signalDown = resolveDown));

  // Closed at once, not politely: a frozen server would never acknowledge a goodbye.
  const drop = () => {
    const gone = client;
    client = null;
    gone?.connection.stream.destroy();
  };
  const probe = async () => {
    if (!client) {
      const fresh = new pg.Client({ connectionString, connectionTimeoutMillis: PROBE_TIMEOUT_MS, query_timeout: PROBE_TIMEOUT_MS });
      fresh.on('error', () => undefined);
      client = fresh;
      await fresh.connect();
    }
    await client.query('SELECT 1');
  };
  const setUp = (answering: boolean, error?: unknown) => {
    if (answering === up) return;
    up = answering;
    if (answering) {
      down = new Promise<void>((resolveDown) => (signalDown = resolveDown));
      logger.warn('the database answers again');
    } else {
      signalDown();
      logger.error({ err: (error as Error | undefined)?.message }, 'the database is not answering');
    }
  };
  const tick = async () => {
    try {
      await probe();
      setUp(true);
    } catch (error) {
      drop();
      setUp(false, error);
    }
    if (!stopped) timer = setTimeout(() => void tick(), PROBE_EVERY_MS);
  };
  timer = setTimeout(() => void tick(), PROBE_EVERY_MS);
  return {
    isUp: () => up,
    wentDown: () => down,
    stop() {
      stopped = true;
      clearTimeout(timer);
      drop();
    },
  };
}
