import { escapeLogFields, escapeLogText } from '@/api/log-escape';
import { LOG_WRITE_LOCK_CLASS } from '../db/advisory-locks';
import type { Pool, Queryable } from '../db/pool';

// The log lines of run attempts (migration 010). Writers of one attempt take turns under an advisory
// lock held until commit, so line ids become visible in order and a cursor (the last id read) never
// skips a line that commits later.

export type LogLevel = 'debug' | 'info' | 'warn' | 'error';
export type LogFields = Record<string, string | number | boolean | null>;

export interface NewLogLine {
  at: Date;
  level: LogLevel;
  event: string;
  message: string;
  resource: string | null;
  fields: LogFields;
}

export interface LogLineRow extends NewLogLine {
  id: number;
}

/** Appends lines of one attempt in one statement; an attempt deleted meanwhile takes them with it (no error). */
export async function insertLogLines(pool: Pool, attemptId: number, lines: readonly NewLogLine[]): Promise<void> {
  if (lines.length === 0) return;
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query('SELECT pg_advisory_xact_lock($1, $2)', [LOG_WRITE_LOCK_CLASS, attemptId]);
    await client.query(
      `INSERT INTO attempt_log_lines (attempt_id, at, level, event, message, resource, fields)
       SELECT $1, line.at, line.level, line.event, line.message, line.resource, line.fields
       FROM unnest($2::timestamptz[], $3::text[], $4::text[], $5::text[], $6::text[], $7::jsonb[]) WITH ORDINALITY
         AS line (at, level, event, message, resource, fields, position)
       WHERE EXISTS (SELECT 1 FROM run_attempts WHERE id = $1)
       ORDER BY line.position`,
      [
        attemptId,
        lines.map((line) => line.at),
        lines.map((line) => line.level),
        lines.map((line) => escapeLogText(line.event)),
        lines.map((line) => escapeLogText(line.message)),
        lines.map((line) => (line.resource === null ? null : escapeLogText(line.resource))),
        lines.map((line) => JSON.stringify(escapeLogFields(line.fields))),
      ],
    );
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

/** Up to `limit` lines after line id `after`, oldest first; `more` when others follow. */
export async function listLogLines(db: Queryable, attemptId: number, after: number, limit: number): Promise<{ lines: LogLineRow[]; more: boolean }> {
  const { rows } = await db.query<LogLineRow>(
    'SELECT id, at, level, event, message, resource, fields FROM attempt_log_lines WHERE attempt_id = $1 AND id > $2 ORDER BY id LIMIT $3',
    [attemptId, after, limit + 1],
  );
  // Lines stored before escaping was applied on write are escaped on their way out as well.
  const lines = rows.slice(0, limit).map((line) => ({
    ...line,
    event: escapeLogText(line.event),
    message: escapeLogText(line.message),
    resource: line.resource === null ? null : escapeLogText(line.resource),
    fields: escapeLogFields(line.fields),
  }));
  return { lines, more: rows.length > limit };
}

/** Deletes lines older than `before`, a batch at a time (no long lock on a big table); returns how many. */
export async function deleteLogLinesBefore(db: Queryable, before: Date, batch = 10_000): Promise<number> {
  let deleted = 0;
  for (;;) {
    const { rowCount } = await db.query('DELETE FROM attempt_log_lines WHERE id IN (SELECT id FROM attempt_log_lines WHERE at < $1 ORDER BY at LIMIT $2)', [
      before,
      batch,
    ]);
    deleted += rowCount ?? 0;
    if ((rowCount ?? 0) < batch) return deleted;
  }
}
