import type pg from 'pg';
import { megabytes, readBounds } from './read-bounds';

// One read of the postgres source is one FETCH from its cursor. node-postgres holds a whole answer in
// memory, so the bytes of each are counted as they arrive: past the byte bound (FLOWDECK_READ_LIMIT)
// the connection is cut and the read fails saying so, as a REST page would. Batches are sized from the
// rows seen so far, so wide rows come a few at a time and memory stays flat; only a batch of rows that
// alone pass the bound fails. Aborting (a cancel, the stall bound) cuts the connection too: a server
// that holds its answer back frees the run at once.

/** What a batch aims at (or half the byte bound, if less); the first asks for one row, as their width is not known yet. */
const BATCH_BYTES = 16 * 1024 * 1024;
const MAX_BATCH_ROWS = 5_000;

/** How many rows the next FETCH asks for, from the bytes per row of the last. */
export function nextBatchRows(last: { rows: number; bytes: number }, maxBytes = readBounds().maxBytes): number {
  if (last.rows === 0) return 1;
  const perRow = Math.max(1, last.bytes / last.rows);
  return Math.max(1, Math.min(MAX_BATCH_ROWS, Math.floor(Math.min(BATCH_BYTES, maxBytes / 2) / perRow)));
}

export interface BoundedAnswer<T> {
  rows: T[];
  /** The bytes the server sent for it. */
  bytes: number;
}

/** Runs `query` on `client`, its answer bounded in bytes; `what` names the read in the error ("Table x on host/db"). */
export async function boundedQuery<T extends pg.QueryResultRow>(
  client: pg.Client,
  query: pg.QueryConfig,
  what: string,
  signal: AbortSignal,
): Promise<BoundedAnswer<T>> {
  const { maxBytes } = readBounds();
  const socket = client.connection.stream;
  let bytes = 0;
  /** Why the connection was cut, if it was. */
  const cut: { reason: Error | null } = { reason: null };
  const cutWith = (error: Error) => {
    cut.reason ??= error;
    socket.destroy();
  };
  const count = (chunk: Buffer) => {
    bytes += chunk.byteLength;
    if (bytes > maxBytes) cutWith(new Error(`${what} answered more than ${megabytes(maxBytes)} in one read.`));
  };
  const abort = () => {
    cutWith(signal.reason instanceof Error ? signal.reason : new Error('The read was stopped.'));
  };
  if (signal.aborted) abort();
  socket.on('data', count);
  signal.addEventListener('abort', abort, { once: true });
  try {
    const { rows } = await client.query<T>(query);
    return { rows, bytes };
  } catch (error) {
    throw cut.reason ?? error;
  } finally {
    socket.off('data', count);
    signal.removeEventListener('abort', abort);
  }
}
