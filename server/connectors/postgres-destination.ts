import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { from as copyFrom } from 'pg-copy-streams';
import type { PlainProperties } from '../properties';
import { checkPostgresTarget, connectPostgres, verifyPostgres } from './postgres-connection';
import { analyze, type Column, type ColumnType, quoteIdentifier, tableName } from './schema';
import { type DestinationConnector, failure, info, type ResourceWriter, type Row } from './types';

// Loads each resource in one transaction: the target table is created or given the new columns, and
// rows go in with COPY (Postgres' fastest path). Rows the database rejects fail that resource only and
// roll it back, so the target never holds part of a load.

const PG_TYPES: Record<ColumnType, string> = { bigint: 'BIGINT', double: 'DOUBLE PRECISION', boolean: 'BOOLEAN', timestamp: 'TIMESTAMPTZ', text: 'TEXT' };

/** A CSV cell for COPY: empty unquoted is NULL, everything else quoted. */
export function copyCell(value: Row[string] | undefined): string {
  if (value === null || value === undefined) return '';
  const text = typeof value === 'string' ? value : String(value);
  return `"${text.replaceAll('"', '""')}"`;
}

export function copyLine(columns: Column[], row: Row): string {
  return `${columns.map((column) => copyCell(row[column.name])).join(',')}\n`;
}

async function writeChunk(stream: Writable, chunk: string): Promise<void> {
  if (!stream.write(chunk)) await once(stream, 'drain');
}

async function openWriter(properties: PlainProperties, resource: string): Promise<ResourceWriter> {
  const client = await connectPostgres(properties);
  const schemaName = String(properties.schema ?? 'public');
  const table = tableName(resource);
  const target = `${quoteIdentifier(schemaName)}.${quoteIdentifier(table)}`;
  let columns: Column[] = [];
  let copy: Writable | null = null;
  let inTransaction = false;
  // Set by the COPY stream's error event, which TypeScript's flow analysis cannot see.
  const state: { copyError: Error | null } = { copyError: null };
  const throwIfCopyFailed = () => {
    if (state.copyError) throw state.copyError;
  };
  const endCopy = async () => {
    if (!copy) return;
    const stream = copy;
    copy = null;
    stream.end();
    await finished(stream);
  };
  const startCopy = () => {
    const stream = client.query(copyFrom(`COPY ${target} (${columns.map((column) => quoteIdentifier(column.name)).join(', ')}) FROM STDIN WITH (FORMAT csv)`));
    stream.on('error', (error: Error) => {
      state.copyError = error;
    });
    copy = stream;
    return stream;
  };
  /** Creates the table, or adds the columns it lacks (only those: ALTER takes a heavy lock). */
  const prepareTarget = async (next: Column[]) => {
    await endCopy();
    if (!inTransaction) {
      await client.query('BEGIN');
      inTransaction = true;
      await client.query(`CREATE SCHEMA IF NOT EXISTS ${quoteIdentifier(schemaName)}`);
      await client.query(
        `CREATE TABLE IF NOT EXISTS ${target} (${next.map((column) => `${quoteIdentifier(column.name)} ${PG_TYPES[column.type]}`).join(', ')})`,
      );
    }
    const { rows } = await client.query<{ column_name: string }>(
      'SELECT column_name FROM information_schema.columns WHERE table_schema = $1 AND table_name = $2',
      [schemaName, table],
    );
    const have = new Set(rows.map((row) => row.column_name));
    for (const column of next.filter((candidate) => !have.has(candidate.name))) {
      await client.query(`ALTER TABLE ${target} ADD COLUMN ${quoteIdentifier(column.name)} ${PG_TYPES[column.type]}`);
    }
  };
  const end = async () => {
    await client.end().catch(() => undefined);
  };
  return {
    async write(rows) {
      throwIfCopyFailed();
      const next = analyze(columns, rows);
      if (next.length !== columns.length) {
        await prepareTarget(next);
        columns = next;
      }
      const stream = copy ?? startCopy();
      let chunk = '';
      for (const row of rows) chunk += copyLine(columns, row);
      await writeChunk(stream, chunk);
      throwIfCopyFailed();
    },
    async commit() {
      try {
        await endCopy();
        throwIfCopyFailed();
        if (inTransaction) await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        await end();
      }
    },
    async abort() {
      copy?.destroy();
      // Closing the connection rolls the open transaction back.
      await end();
    },
  };
}

export const postgresDestination: DestinationConnector = {
  checkTarget: checkPostgresTarget,
  verify: (properties, signal) =>
    verifyPostgres(properties, signal, async (client, schema, connected) => {
      const messages = [connected];
      const { rows } = await client.query<{ can_create: boolean }>(
        "SELECT has_schema_privilege(current_user, nspname, 'CREATE') AS can_create FROM pg_namespace WHERE nspname = $1",
        [schema],
      );
      const canCreate = rows[0]?.can_create;
      if (canCreate === undefined) messages.push(info('permissions', `Schema ${schema} does not exist yet; the first load creates it.`));
      else if (canCreate) messages.push(info('permissions', `User ${String(properties.user)} can create tables in schema ${schema}.`));
      else messages.push(failure('permissions', `User ${String(properties.user)} cannot create tables in schema ${schema}.`));
      // The harmless write check: a temporary table, gone with the session.
      await client.query('CREATE TEMP TABLE _flowdeck_verify (ok boolean)');
      await client.query('INSERT INTO _flowdeck_verify VALUES (true)');
      messages.push(info('write', 'Wrote a row to a temporary table.'));
      return messages;
    }),
  open: openWriter,
};
