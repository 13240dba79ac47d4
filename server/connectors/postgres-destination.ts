import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { PlainProperties } from '../properties';
import { LOADS_TABLE, loadsTableSql, loadTag, RECORD_COLUMNS, recordOf, recordSelect, recordValues, stagingTable } from './load-records';
import { checkPostgresTarget, connectPostgres, verifyPostgres } from './postgres-connection';
import { checkKeyColumns, columnList, keptAtCommit, keyCheckSql, loadLabel, newestFirst, validateTarget } from './load-target';
import { dropLingeringLoad, inDdlLock, PG_TYPES, pgColumnType, takeDdlLock, withDdlLock } from './postgres-ddl';
import { ATTEMPT_ID, EXTRACTED_AT, LoadColumns, METADATA_COLUMNS, quoteIdentifier } from './schema';
import { type Column, type DestinationConnector, failure, info, type LoadRecord, type LoadTarget, type ResourceWriter, type Row, SYNC_MODES } from './types';

// Loads each resource in one transaction, rows in with COPY (Postgres' fastest path):
// - replace: into a staging table created in that transaction, swapped for the target at commit;
// - append: straight into the target;
// - merge: into a temporary table, then the newest row per key inserted or updated at commit.
// The load record goes in with the rows. A failure, a cancel or a dead process rolls the whole
// transaction back: no staging table, the previous table whole, no record.

export const defaultPostgresNamespace = (properties: PlainProperties) => String(properties.schema ?? '') || 'public';

/** A CSV cell for COPY: empty unquoted is NULL, everything else quoted. */
export function copyCell(value: Row[string] | undefined): string {
  if (value === null || value === undefined) return '';
  const text = typeof value === 'string' ? value : String(value);
  return `"${text.replaceAll('"', '""')}"`;
}

/** One COPY line; `tail` ends it (the metadata cells and the newline). */
export function copyLine(columns: Column[], row: Row, tail = '\n'): string {
  return `${columns.map((column) => copyCell(row[column.name])).join(',')}${tail}`;
}

async function writeChunk(stream: Writable, chunk: string): Promise<void> {
  if (!stream.write(chunk)) await once(stream, 'drain');
}

/** A table's columns in order (metadata ones included), or null when it does not exist. */
async function readTable(client: pg.Client, namespace: string, table: string): Promise<Column[] | null> {
  const { rows } = await client.query<{ found: boolean; name: string | null; type: string | null }>(
    `SELECT r.oid IS NOT NULL AS found, a.attname AS name, format_type(a.atttypid, a.atttypmod) AS type
       FROM (SELECT to_regclass($1) AS oid) r
       LEFT JOIN pg_attribute a ON a.attrelid = r.oid AND a.attnum > 0 AND NOT a.attisdropped
      ORDER BY a.attnum`,
    [`${quoteIdentifier(namespace)}.${quoteIdentifier(table)}`],
  );
  if (rows[0]?.found !== true) return null;
  return rows.flatMap((row) => (row.name === null || row.type === null ? [] : [{ name: row.name, type: pgColumnType(row.type) }]));
}

/** The schema and its loads table, created once under the DDL lock (in a transaction of their own). */
async function prepareNamespace(client: pg.Client, namespace: string): Promise<void> {
  const loads = `${quoteIdentifier(namespace)}.${quoteIdentifier(LOADS_TABLE)}`;
  const { rows } = await client.query<{ ready: boolean }>('SELECT to_regclass($1) IS NOT NULL AS ready', [loads]);
  if (rows[0]?.ready === true) return;
  await withDdlLock(client, async () => {
    const schema = await client.query('SELECT 1 FROM pg_namespace WHERE nspname = $1', [namespace]);
    // CREATE SCHEMA checks the right to create schemas even when it exists: only ask when it is missing.
    if (schema.rowCount === 0) await client.query(`CREATE SCHEMA IF NOT EXISTS ${quoteIdentifier(namespace)}`);
    for (const statement of loadsTableSql(namespace, 'postgres')) await client.query(statement);
  });
}

/** Statements that give `table` (whose columns are `have`) every column of `want`, types widened where needed. */
function alterStatements(qualified: string, have: Column[], want: Column[]): string[] {
  const current = new Map(have.map((column) => [column.name, column.type]));
  return want.flatMap((column) => {
    const type = current.get(column.name);
    const name = quoteIdentifier(column.name);
    if (type === undefined) return [`ALTER TABLE ${qualified} ADD COLUMN ${name} ${PG_TYPES[column.type]}`];
    if (type === column.type || type === 'text' || (type === 'double' && column.type === 'bigint')) return [];
    return [`ALTER TABLE ${qualified} ALTER COLUMN ${name} TYPE ${PG_TYPES[column.type]} USING ${name}::${PG_TYPES[column.type]}`];
  });
}

function createStatement(qualified: string, columns: Column[], options: { temporary?: boolean; defaults?: Record<string, string> } = {}): string {
  const definitions = columns.map((column) => {
    const fallback = options.defaults?.[column.name];
    return `${quoteIdentifier(column.name)} ${PG_TYPES[column.type]}${fallback === undefined ? '' : ` DEFAULT ${fallback}`}`;
  });
  return `CREATE ${options.temporary === true ? 'TEMP ' : ''}TABLE ${qualified} (${definitions.join(', ')})${options.temporary === true ? ' ON COMMIT DROP' : ''}`;
}

class PostgresLoad implements ResourceWriter {
  private readonly qualifiedTarget: string;
  private readonly stage: string;
  private readonly plan: LoadColumns;
  /** The columns of the table rows go into (stage or target), once it exists. */
  private writing: Column[] | null = null;
  private copy: Writable | null = null;
  private copyColumns: Column[] = [];
  private readonly tail: string;
  private readonly stageDefaults: Record<string, string>;
  private rows = 0;
  private ended = false;

  constructor(
    private readonly client: pg.Client,
    private readonly failed: { error: Error | null },
    private readonly target: LoadTarget,
    private readonly existing: Column[] | null,
  ) {
    const namespace = quoteIdentifier(target.namespace);
    this.qualifiedTarget = `${namespace}.${quoteIdentifier(target.table)}`;
    this.stage = target.write === 'merge' ? quoteIdentifier(stagingTable(target.loadId)) : `${namespace}.${quoteIdentifier(stagingTable(target.loadId))}`;
    this.plan = new LoadColumns(existing ?? [], { ...target, label: loadLabel(target) });
    // Appending, the metadata go in with each row; a staging table takes them as its columns' defaults,
    // which Postgres fills without parsing a value per row (the table is the load's own until the swap).
    this.stageDefaults =
      target.write === 'append'
        ? {}
        : { [EXTRACTED_AT]: `'${target.extractedAt.toISOString()}'::timestamptz`, [ATTEMPT_ID]: `${String(target.attemptId)}::bigint` };
    this.tail = target.write === 'append' ? `,${copyCell(target.extractedAt.toISOString())},${copyCell(target.attemptId)}\n` : '\n';
  }

  private throwIfFailed(): void {
    if (this.failed.error) throw this.failed.error;
  }

  private get writingTable(): string {
    return this.target.write === 'append' ? this.qualifiedTarget : this.stage;
  }

  async write(rows: Row[]): Promise<void> {
    this.throwIfFailed();
    if (rows.length === 0) return;
    const changed = this.plan.take(rows);
    if (this.writing === null || changed) await this.prepareTable();
    const stream = this.copy ?? this.startCopy();
    let chunk = '';
    for (const row of rows) chunk += copyLine(this.copyColumns, row, this.tail);
    await writeChunk(stream, chunk);
    this.rows += rows.length;
    this.throwIfFailed();
  }

  /** Creates the table rows go into, or gives it the columns the batch brought. */
  private async prepareTable(): Promise<void> {
    await this.endCopy();
    const want = [...this.plan.tableColumns, ...METADATA_COLUMNS];
    const have = this.writing ?? (this.target.write === 'append' ? this.existing : null);
    const statements =
      have === null
        ? [createStatement(this.writingTable, want, { temporary: this.target.write === 'merge', defaults: this.stageDefaults })]
        : alterStatements(this.writingTable, have, want);
    // The merge's temporary table is this session's own: no other load can meet it in the catalog.
    if (this.target.write === 'merge') for (const statement of statements) await this.client.query(statement);
    else await inDdlLock(this.client, statements);
    this.writing = want;
    this.copyColumns = this.plan.tableColumns;
  }

  private startCopy(): Writable {
    const copied = this.target.write === 'append' ? [...this.copyColumns, ...METADATA_COLUMNS] : this.copyColumns;
    const columns = copied.map((column) => quoteIdentifier(column.name)).join(', ');
    const stream = this.client.query(copyFrom(`COPY ${this.writingTable} (${columns}) FROM STDIN WITH (FORMAT csv)`));
    stream.on('error', (error: Error) => {
      this.failed.error = error;
    });
    this.copy = stream;
    return stream;
  }

  private async endCopy(): Promise<void> {
    if (!this.copy) return;
    const stream = this.copy;
    this.copy = null;
    stream.end();
    await finished(stream);
    this.throwIfFailed();
  }

  async commit(state: { cursor: LoadRecord['cursor'] }): Promise<LoadRecord> {
    if (this.ended) throw new Error('This load has already ended.');
    try {
      await this.endCopy();
      this.throwIfFailed();
      // Makes the rows the table's, under the DDL lock taken then and held to COMMIT.
      const kept = await keptAtCommit(this.target, this.rows, { merge: (key) => this.merge(key), swap: (key) => this.swap(key) });
      const columns = this.plan.resourceColumns();
      const schemaChange = this.plan.schemaChange();
      const { rows } = await this.client.query<{ committed_ms: string }>(
        `INSERT INTO ${quoteIdentifier(this.target.namespace)}.${quoteIdentifier(LOADS_TABLE)} (${RECORD_COLUMNS}, committed_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8::jsonb, $9::jsonb, clock_timestamp())
         RETURNING floor(extract(epoch FROM committed_at) * 1000)::bigint AS committed_ms`,
        recordValues(this.target, { rows: kept, cursor: state.cursor, columns, schemaChange }),
      );
      await this.client.query('COMMIT');
      const { flowId, resource, loadId, attemptId, generation } = this.target;
      return {
        flowId,
        resource,
        loadId,
        attemptId,
        generation,
        rows: kept,
        cursor: state.cursor,
        columns,
        schemaChange,
        committedAt: new Date(Number(rows[0]?.committed_ms)),
      };
    } finally {
      await this.end();
    }
  }

  private async swap(primaryKey: string[] | null): Promise<number> {
    if (this.writing === null) {
      // An empty source empties the table (its columns stay); with no table yet there is nothing to make.
      if (this.existing === null) return 0;
      this.writing = [...this.plan.tableColumns, ...METADATA_COLUMNS];
      await inDdlLock(this.client, [createStatement(this.stage, this.writing, { defaults: this.stageDefaults })]);
    }
    let kept = this.rows;
    if (primaryKey) kept -= await this.keepOnePerKey(primaryKey);
    const dropDefaults = METADATA_COLUMNS.map((column) => `ALTER COLUMN ${quoteIdentifier(column.name)} DROP DEFAULT`).join(', ');
    await inDdlLock(this.client, [`ALTER TABLE ${this.stage} ${dropDefaults}`]);
    await takeDdlLock(this.client);
    await this.client.query(`DROP TABLE IF EXISTS ${this.qualifiedTarget}`);
    await this.client.query(`ALTER TABLE ${this.stage} RENAME TO ${quoteIdentifier(this.target.table)}`);
    if (primaryKey) await this.client.query(`ALTER INDEX ${this.stageKeyIndex} RENAME TO ${quoteIdentifier(keyIndexName(this.target.table))}`);
    return kept;
  }

  private get stageKeyIndex(): string {
    return `${quoteIdentifier(this.target.namespace)}.${quoteIdentifier(keyIndexName(stagingTable(this.target.loadId)))}`;
  }

  /**
   * The unique index a later merge needs; rows that share a key are cut to the newest first (a source
   * with a primary key has none). Returns how many rows were removed.
   */
  private async keepOnePerKey(primaryKey: string[]): Promise<number> {
    await this.refuseNullKeys(primaryKey);
    const index = quoteIdentifier(keyIndexName(stagingTable(this.target.loadId)));
    const create = `CREATE UNIQUE INDEX ${index} ON ${this.stage} (${columnList(primaryKey)})`;
    await this.client.query('SAVEPOINT flowdeck_key');
    try {
      await this.client.query(create);
      return 0;
    } catch (error) {
      if ((error as { code?: string }).code !== '23505') throw error;
      await this.client.query('ROLLBACK TO SAVEPOINT flowdeck_key');
    }
    const removed = await this.client.query(
      `DELETE FROM ${this.stage} WHERE ctid IN (SELECT ctid FROM (SELECT ctid, row_number() OVER (PARTITION BY ${columnList(primaryKey)} ORDER BY ${newestFirst(this.target.cursorField, 'ctid')}) AS n FROM ${this.stage}) ranked WHERE n > 1)`,
    );
    await this.client.query(create);
    return removed.rowCount ?? 0;
  }

  /** A key the rows lack, or a key value left empty, would keep rows apart that are one. */
  private async refuseNullKeys(primaryKey: string[]): Promise<void> {
    checkKeyColumns(this.target, this.writing ?? []);
    const { rows } = await this.client.query(keyCheckSql(this.stage, primaryKey));
    if (rows.length > 0)
      throw new Error(`Cannot keep one row per key in ${loadLabel(this.target)}: some rows have no value for ${primaryKey.join(', ')}, its primary key.`);
  }

  private async merge(primaryKey: string[]): Promise<number> {
    if (this.writing === null) return 0;
    await this.refuseNullKeys(primaryKey);
    await takeDdlLock(this.client);
    const want = [...this.plan.tableColumns, ...METADATA_COLUMNS];
    const current = await readTable(this.client, this.target.namespace, this.target.table);
    const statements = current === null ? [createStatement(this.qualifiedTarget, want)] : alterStatements(this.qualifiedTarget, current, want);
    for (const statement of statements) await this.client.query(statement);
    await this.ensureKeyIndex(primaryKey);
    const names = columnList(want.map((column) => column.name));
    const updates = want
      .filter((column) => !primaryKey.includes(column.name))
      .map((column) => `${quoteIdentifier(column.name)} = EXCLUDED.${quoteIdentifier(column.name)}`);
    const result = await this.client.query(
      `INSERT INTO ${this.qualifiedTarget} (${names})
       SELECT DISTINCT ON (${columnList(primaryKey)}) ${names} FROM ${this.stage} ORDER BY ${columnList(primaryKey)}, ${newestFirst(this.target.cursorField, 'ctid')}
       ON CONFLICT (${columnList(primaryKey)}) DO UPDATE SET ${updates.join(', ')}`,
    );
    return result.rowCount ?? 0;
  }

  /** ON CONFLICT needs a unique index on exactly the key; the table's own primary key serves too. */
  private async ensureKeyIndex(primaryKey: string[]): Promise<void> {
    const { rows } = await this.client.query<{ columns: string[] }>(
      `SELECT array_agg(a.attname::text ORDER BY a.attname) AS columns FROM pg_index i
         JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY (i.indkey)
        WHERE i.indrelid = to_regclass($1) AND i.indisunique AND i.indpred IS NULL AND i.indexprs IS NULL
        GROUP BY i.indexrelid`,
      [this.qualifiedTarget],
    );
    const wanted = [...primaryKey].sort().join('\u0000');
    if (rows.some((row) => [...row.columns].sort().join('\u0000') === wanted)) return;
    try {
      await this.client.query(`CREATE UNIQUE INDEX ${quoteIdentifier(keyIndexName(this.target.table))} ON ${this.qualifiedTarget} (${columnList(primaryKey)})`);
    } catch (error) {
      if ((error as { code?: string }).code !== '23505') throw error;
      throw new Error(
        `Cannot keep one row per key in ${loadLabel(this.target)}: the table already holds several rows for some ${primaryKey.join(', ')}. Re-sync it to start from one row per key.`,
        { cause: error },
      );
    }
  }

  async abort(): Promise<void> {
    this.copy?.destroy();
    // Closing the connection rolls the open transaction back, staging table and all.
    await this.end();
  }

  private async end(): Promise<void> {
    if (this.ended) return;
    this.ended = true;
    await this.client.end().catch(() => undefined);
  }
}

/** The name of the unique index on a table's key (an index name is unique per schema, and at most 63 bytes). */
const keyIndexName = (table: string) => `_flowdeck_key_${loadTag(table)}`;

/**
 * A connection whose `error` events (the server gone while it sits idle) are kept rather than left to
 * crash the process; the load's next step throws the kept error.
 */
async function connectWatched(properties: PlainProperties): Promise<{ client: pg.Client; failed: { error: Error | null } }> {
  const client = await connectPostgres(properties);
  const failed: { error: Error | null } = { error: null };
  client.on('error', (error: Error) => {
    failed.error = error;
  });
  return { client, failed };
}

async function openLoad(properties: PlainProperties, target: LoadTarget): Promise<ResourceWriter> {
  validateTarget(target, { maxIdentifierBytes: 63 });
  const { client, failed } = await connectWatched(properties);
  try {
    // Names the connection after the load, so `discard` can find it should this process die mid-load.
    await client.query(`SET application_name = 'flowdeck-load ${loadTag(target.loadId)}'`);
    await prepareNamespace(client, target.namespace);
    const existing = await readTable(client, target.namespace, target.table);
    await client.query('BEGIN');
    return new PostgresLoad(client, failed, target, existing);
  } catch (error) {
    await client.end().catch(() => undefined);
    throw error;
  }
}

/** The latest record matching `where`; null when the namespace or its loads table does not exist (no load ever committed there). */
async function readRecords(properties: PlainProperties, namespace: string, where: string, values: unknown[]): Promise<LoadRecord | null> {
  const { client } = await connectWatched(properties);
  try {
    const loads = `${quoteIdentifier(namespace)}.${quoteIdentifier(LOADS_TABLE)}`;
    const { rows: ready } = await client.query<{ ready: boolean }>('SELECT to_regclass($1) IS NOT NULL AS ready', [loads]);
    if (ready[0]?.ready !== true) return null;
    const { rows } = await client.query(`SELECT ${recordSelect('postgres')} FROM ${loads} WHERE ${where} ORDER BY committed_at DESC LIMIT 1`, values);
    return rows[0] === undefined ? null : recordOf(rows[0]);
  } finally {
    await client.end().catch(() => undefined);
  }
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
  modes: SYNC_MODES,
  defaultNamespace: defaultPostgresNamespace,
  open: openLoad,
  lastLoad: (properties, where) =>
    readRecords(properties, where.namespace, 'flow_id = $1 AND resource = $2 AND generation = $3', [where.flowId, where.resource, where.generation]),
  findLoad: (properties, where) => readRecords(properties, where.namespace, 'load_id = $1 AND resource = $2', [where.loadId, where.resource]),
  /**
   * Nothing of a load outlives its transaction, but a connection whose process died may linger in the
   * server a while: it is ended, so the load can no longer commit after recovery judged it.
   */
  async discard(properties, where) {
    const { client } = await connectWatched(properties);
    try {
      await dropLingeringLoad(client, `flowdeck-load ${loadTag(where.loadId)}`);
    } finally {
      await client.end().catch(() => undefined);
    }
  },
};
