import { mkdir, rm, stat } from 'node:fs/promises';
import { dirname } from 'node:path';
import { BIGINT, type DuckDBConnection, DuckDBInstance, TIMESTAMPTZ, timestampTZValue } from '@duckdb/node-api';
import { type AppendColumn, ChunkAppender } from './duckdb-append';
import type { PlainProperties } from '../properties';
import { allowedPath } from '../security/file-roots';
import { LOADS_TABLE, loadsTableSql, RECORD_COLUMNS, recordOf, recordSelect, recordValues, stagingTable } from './load-records';
import { checkKeyColumns, columnList, keptAtCommit, keyCheckSql, loadLabel, newestFirst, validateTarget } from './load-target';
import { takeTurn } from './one-at-a-time';
import { ATTEMPT_ID, EXTRACTED_AT, holds, LoadColumns, METADATA_COLUMNS, quoteIdentifier } from './schema';
import {
  type Column,
  type ColumnType,
  type DestinationConnector,
  failure,
  info,
  type LoadRecord,
  type LoadTarget,
  type ResourceWriter,
  type Row,
  SYNC_MODES,
} from './types';

// Loads each resource in one transaction, rows in through the DuckDB appender a data chunk at a time
// (its fastest path, duckdb-append.ts; the load's metadata are constant columns of each chunk):
// - replace: into a staging table created in that transaction, swapped for the target at commit;
// - append: straight into the target;
// - merge: into a staging table; at commit the target's rows of the load's keys give way to the newest
//   row of each key.
// The load record goes in with the rows. A failure, a cancel or a dead process rolls the whole
// transaction back. A file has one writer at a time (DuckDB refuses a second writer's catalog changes).

const DUCKDB_TYPES: Record<ColumnType, string> = { bigint: 'BIGINT', double: 'DOUBLE', boolean: 'BOOLEAN', timestamp: 'TIMESTAMPTZ', text: 'VARCHAR' };

/** How the load judges, and appends into, a column of this declared type (timestamps go in as ISO text, which DuckDB casts). */
function duckColumnType(declared: string): ColumnType {
  const type = declared.toUpperCase();
  if (/^(BIGINT|INTEGER|SMALLINT|TINYINT|HUGEINT|UBIGINT|UINTEGER|USMALLINT|UTINYINT)$/.test(type)) return 'bigint';
  if (/^(DOUBLE|FLOAT|REAL|DECIMAL)/.test(type)) return 'double';
  if (type === 'BOOLEAN') return 'boolean';
  if (type.startsWith('TIMESTAMP') || type === 'DATE') return 'timestamp';
  return 'text';
}

export const defaultDuckDbNamespace = (properties: PlainProperties) => String(properties.schema ?? '') || 'main';

/** The database file, resolved and inside an allowed folder. */
export function duckdbPath(properties: PlainProperties): Promise<string> {
  return allowedPath(String(properties.path ?? ''));
}

// A DuckDB file can be open in one process at a time. Instances are shared while in use and closed
// when the last connection is done, so the file is free for the user's own tools between runs.
// DuckDB's buffer pool defaults to 80% of RAM. Loads only stream appends (large transactions spill to
// the file and its .tmp folder), so a small pool keeps the service's memory flat: with it, a
// 10-million-row load stays under 300 MB peak RSS for the whole service (npm run bench:load).
const MEMORY_LIMIT = '64MB';
const open = new Map<string, { instance: Promise<DuckDBInstance>; users: number }>();

export interface DuckDbHandle {
  connection: DuckDBConnection;
  release: () => void;
}

export async function openDuckDb(path: string): Promise<DuckDbHandle> {
  await mkdir(dirname(path), { recursive: true });
  let entry = open.get(path);
  if (!entry) {
    entry = { instance: DuckDBInstance.create(path, { memory_limit: MEMORY_LIMIT }), users: 0 };
    open.set(path, entry);
  }
  entry.users += 1;
  const current = entry;
  try {
    const instance = await current.instance;
    const connection = await instance.connect();
    let released = false;
    return {
      connection,
      release() {
        if (released) return;
        released = true;
        connection.closeSync();
        current.users -= 1;
        if (current.users === 0) {
          open.delete(path);
          instance.closeSync();
        }
      },
    };
  } catch (error) {
    current.users -= 1;
    if (current.users === 0) open.delete(path);
    throw error;
  }
}

/** A table's columns in order, or null when it (or its schema) does not exist. */
async function readColumns(connection: DuckDBConnection, namespace: string, table: string): Promise<Column[] | null> {
  // DESCRIBE binds the one table, where duckdb_columns() reads every table's entry first: slow on an
  // instance just opened, as every load's and every lookup's is.
  let result;
  try {
    result = await connection.runAndReadAll(`SELECT column_name, column_type FROM (DESCRIBE ${quoteIdentifier(namespace)}.${quoteIdentifier(table)})`);
  } catch (error) {
    if ((error as Error).message.startsWith('Catalog Error:')) return null;
    throw error;
  }
  return result.getRows().map((row) => ({ name: String(row[0]), type: duckColumnType(String(row[1])) }));
}

function alterStatements(qualified: string, have: readonly Column[], want: readonly Column[]): string[] {
  const current = new Map(have.map((column) => [column.name, column.type]));
  return want.flatMap((column) => {
    const type = current.get(column.name);
    const name = quoteIdentifier(column.name);
    if (type === undefined) return [`ALTER TABLE ${qualified} ADD COLUMN ${name} ${DUCKDB_TYPES[column.type]}`];
    return holds(type, column.type) ? [] : [`ALTER TABLE ${qualified} ALTER COLUMN ${name} SET DATA TYPE ${DUCKDB_TYPES[column.type]}`];
  });
}

/** The columns a table has after alterStatements(have, want): added ones last, changed ones in place. */
function columnsAfter(have: readonly Column[], want: readonly Column[]): Column[] {
  const wanted = new Map(want.map((column) => [column.name, column.type]));
  const kept = have.map((column) => {
    const type = wanted.get(column.name);
    return type === undefined || holds(column.type, type) ? column : { name: column.name, type };
  });
  return [...kept, ...want.filter((column) => !have.some((other) => other.name === column.name))];
}

const createStatement = (qualified: string, columns: readonly Column[]) =>
  `CREATE TABLE ${qualified} (${columns.map((column) => `${quoteIdentifier(column.name)} ${DUCKDB_TYPES[column.type]}`).join(', ')})`;

class DuckDbLoad implements ResourceWriter {
  private readonly namespace: string;
  private readonly stage: string;
  private readonly plan: LoadColumns;
  /** The columns of the table rows go into (stage or target) in its order, once it exists. */
  private writing: Column[] | null = null;
  /** Where each column of that table takes its values from: the rows, or the load itself (its metadata). */
  private columns: AppendColumn[] = [];
  private readonly metadata: Map<string, AppendColumn>;
  private appender: ChunkAppender | null = null;
  private rows = 0;
  private ended = false;

  constructor(
    private readonly connection: DuckDBConnection,
    private readonly release: () => void,
    private readonly target: LoadTarget,
    private readonly existing: Column[] | null,
  ) {
    this.namespace = quoteIdentifier(target.namespace);
    this.stage = stagingTable(target.loadId);
    this.plan = new LoadColumns(existing ?? [], { ...target, label: loadLabel(target) });
    this.metadata = new Map<string, AppendColumn>([
      [EXTRACTED_AT, { constant: timestampTZValue(BigInt(target.extractedAt.getTime()) * 1000n), type: TIMESTAMPTZ }],
      [ATTEMPT_ID, { constant: BigInt(target.attemptId), type: BIGINT }],
    ]);
  }

  private qualified(table: string): string {
    return `${this.namespace}.${quoteIdentifier(table)}`;
  }

  private get writingTable(): string {
    return this.target.write === 'append' ? this.target.table : this.stage;
  }

  async write(rows: Row[]): Promise<void> {
    if (rows.length === 0) return;
    const changed = this.plan.take(rows);
    if (this.writing === null || changed) await this.prepareTable();
    this.appender ??= new ChunkAppender(await this.connection.createAppender(this.writingTable, this.target.namespace), this.columns);
    this.appender.append(rows);
    this.rows += rows.length;
  }

  /** Creates the table rows go into, or gives it the columns the batch brought; then learns its column order. */
  private async prepareTable(): Promise<void> {
    this.closeAppender();
    const want = [...this.plan.tableColumns, ...METADATA_COLUMNS];
    const have = this.writing ?? (this.target.write === 'append' ? this.existing : null);
    const table = this.qualified(this.writingTable);
    const statements = have === null ? [createStatement(table, want)] : alterStatements(table, have, want);
    for (const statement of statements) await this.connection.run(statement);
    this.writing = have === null ? want : columnsAfter(have, want);
    this.columns = this.writing.map((column) => this.metadata.get(column.name) ?? { field: column.name, type: column.type });
  }

  private closeAppender(): void {
    const current = this.appender;
    this.appender = null;
    current?.close();
  }

  async commit(state: { cursor: LoadRecord['cursor'] }): Promise<LoadRecord> {
    if (this.ended) throw new Error('This load has already ended.');
    try {
      this.closeAppender();
      const kept = await keptAtCommit(this.target, this.rows, { merge: (key) => this.merge(key), swap: (key) => this.swap(key) });
      const columns = this.plan.resourceColumns();
      const schemaChange = this.plan.schemaChange();
      const committedAt = new Date();
      await this.connection.run(
        `INSERT INTO ${this.qualified(LOADS_TABLE)} (${RECORD_COLUMNS}, committed_at) VALUES ($1, $2, $3, $4, $5, $6, $7::JSON, $8::JSON, $9::JSON, $10::TIMESTAMPTZ)`,
        [...recordValues(this.target, { rows: kept, cursor: state.cursor, columns, schemaChange }), committedAt.toISOString()],
      );
      await this.connection.run('COMMIT');
      const { flowId, resource, loadId, attemptId, generation } = this.target;
      return { flowId, resource, loadId, attemptId, generation, rows: kept, cursor: state.cursor, columns, schemaChange, committedAt };
    } catch (error) {
      await this.rollback();
      throw error;
    } finally {
      this.end();
    }
  }

  private async swap(primaryKey: string[] | null): Promise<number> {
    if (this.writing === null) {
      // An empty source empties the table (its columns stay); with no table yet there is nothing to make.
      if (this.existing === null) return 0;
      this.writing = [...this.plan.tableColumns, ...METADATA_COLUMNS];
      await this.connection.run(createStatement(this.qualified(this.stage), this.writing));
    }
    const removed = primaryKey ? await this.keepOnePerKey(primaryKey) : 0;
    await this.connection.run(`DROP TABLE IF EXISTS ${this.qualified(this.target.table)}`);
    await this.connection.run(`ALTER TABLE ${this.qualified(this.stage)} RENAME TO ${quoteIdentifier(this.target.table)}`);
    return this.rows - removed;
  }

  /** Rows that share a key are cut to the newest (a source with a primary key has none); returns how many went. */
  private async keepOnePerKey(primaryKey: string[]): Promise<number> {
    await this.refuseNullKeys(primaryKey);
    const stage = this.qualified(this.stage);
    const keys = columnList(primaryKey);
    const duplicates = await this.connection.runAndReadAll(`SELECT 1 FROM ${stage} GROUP BY ${keys} HAVING count(*) > 1 LIMIT 1`);
    if (duplicates.getRows().length === 0) return 0;
    const result = await this.connection.runAndReadAll(
      `DELETE FROM ${stage} WHERE rowid IN (SELECT rowid FROM ${stage} QUALIFY row_number() OVER (PARTITION BY ${keys} ORDER BY ${newestFirst(this.target.cursorField, 'rowid')}) > 1)`,
    );
    return Number(result.getRows()[0]?.[0] ?? 0);
  }

  private async refuseNullKeys(primaryKey: string[]): Promise<void> {
    checkKeyColumns(this.target, this.writing ?? []);
    const found = await this.connection.runAndReadAll(keyCheckSql(this.qualified(this.stage), primaryKey));
    if (found.getRows().length > 0)
      throw new Error(`Cannot keep one row per key in ${loadLabel(this.target)}: some rows have no value for ${primaryKey.join(', ')}, its primary key.`);
  }

  private async merge(primaryKey: string[]): Promise<number> {
    if (this.writing === null) return 0;
    await this.refuseNullKeys(primaryKey);
    const want = [...this.plan.tableColumns, ...METADATA_COLUMNS];
    const target = this.qualified(this.target.table);
    // The target is untouched since the load began (one writer per file): its columns are those read then.
    const statements = this.existing === null ? [createStatement(target, want)] : alterStatements(target, this.existing, want);
    for (const statement of statements) await this.connection.run(statement);
    const names = columnList(want.map((column) => column.name));
    const stage = this.qualified(this.stage);
    const on = primaryKey.map((name) => `t.${quoteIdentifier(name)} = s.${quoteIdentifier(name)}`).join(' AND ');
    // The rows of the load's keys are deleted and the newest of each inserted: DuckDB marks a deleted row
    // and appends a new one, where an UPDATE rewrites every column it sets, in every row group it touches.
    await this.connection.run(`DELETE FROM ${target} AS t USING (SELECT DISTINCT ${columnList(primaryKey)} FROM ${stage}) AS s WHERE ${on}`);
    const result = await this.connection.runAndReadAll(
      `INSERT INTO ${target} (${names}) SELECT ${names} FROM ${stage}
       QUALIFY row_number() OVER (PARTITION BY ${columnList(primaryKey)} ORDER BY ${newestFirst(this.target.cursorField, 'rowid')}) = 1`,
    );
    await this.connection.run(`DROP TABLE ${stage}`);
    // One row inserted per distinct key of the load.
    return Number(result.getRows()[0]?.[0] ?? 0);
  }

  private async rollback(): Promise<void> {
    try {
      this.closeAppender();
    } catch {
      // the appender may already be broken by the error that brought us here
    }
    await this.connection.run('ROLLBACK').catch(() => undefined);
  }

  async abort(): Promise<void> {
    if (this.ended) return;
    await this.rollback();
    this.end();
  }

  private end(): void {
    if (this.ended) return;
    this.ended = true;
    this.release();
  }
}

async function openLoad(properties: PlainProperties, target: LoadTarget): Promise<ResourceWriter> {
  validateTarget(target, { maxIdentifierBytes: 255 });
  const path = await duckdbPath(properties);
  const endTurn = await takeTurn(path);
  let handle: DuckDbHandle | null = null;
  try {
    handle = await openDuckDb(path);
    const { connection } = handle;
    await connection.run('BEGIN TRANSACTION');
    await connection.run(`CREATE SCHEMA IF NOT EXISTS ${quoteIdentifier(target.namespace)}`);
    for (const statement of loadsTableSql(target.namespace, 'duckdb')) await connection.run(statement);
    const existing = await readColumns(connection, target.namespace, target.table);
    const release = handle.release;
    return new DuckDbLoad(
      connection,
      () => {
        release();
        endTurn();
      },
      target,
      existing,
    );
  } catch (error) {
    await handle?.connection.run('ROLLBACK').catch(() => undefined);
    handle?.release();
    endTurn();
    throw error;
  }
}

/** The latest record matching `where`; null when the file, the namespace or its loads table does not exist. */
async function readRecord(properties: PlainProperties, namespace: string, where: string, values: (string | number)[]): Promise<LoadRecord | null> {
  const path = await duckdbPath(properties);
  const exists = await stat(path).then(
    () => true,
    () => false,
  );
  if (!exists) return null;
  const { connection, release } = await openDuckDb(path);
  try {
    if ((await readColumns(connection, namespace, LOADS_TABLE)) === null) return null;
    const result = await connection.runAndReadAll(
      `SELECT ${recordSelect('duckdb')} FROM ${quoteIdentifier(namespace)}.${quoteIdentifier(LOADS_TABLE)} WHERE ${where} ORDER BY committed_at DESC LIMIT 1`,
      values,
    );
    const row = result.getRowObjects()[0];
    return row === undefined ? null : recordOf(row);
  } finally {
    release();
  }
}

export const duckdbDestination: DestinationConnector = {
  async checkTarget(properties) {
    if (properties.path !== undefined) await duckdbPath(properties);
  },
  async verify(properties) {
    let path: string;
    try {
      path = await duckdbPath(properties);
    } catch (error) {
      return [failure('connection', (error as Error).message)];
    }
    try {
      const { connection, release } = await openDuckDb(path);
      try {
        await connection.run('CREATE TEMP TABLE _flowdeck_verify (ok BOOLEAN)');
        await connection.run('INSERT INTO _flowdeck_verify VALUES (true)');
        await connection.run('DROP TABLE _flowdeck_verify');
        const schema = defaultDuckDbNamespace(properties);
        await connection.run(`CREATE SCHEMA IF NOT EXISTS ${quoteIdentifier(schema)}`);
        return [info('connection', `Opened ${path}.`), info('schema', `Schema ${schema} is writable.`)];
      } finally {
        release();
      }
    } catch (error) {
      return [failure('connection', `Cannot open ${path}: ${(error as Error).message}`)];
    }
  },
  modes: SYNC_MODES,
  defaultNamespace: defaultDuckDbNamespace,
  open: openLoad,
  lastLoad: (properties, where) =>
    readRecord(properties, where.namespace, 'flow_id = $1 AND resource = $2 AND generation = $3', [where.flowId, where.resource, where.generation]),
  findLoad: (properties, where) => readRecord(properties, where.namespace, 'load_id = $1 AND resource = $2', [where.loadId, where.resource]),
  // Nothing of a load outlives its transaction: DuckDB replays only committed work from its log.
  exclusiveKey: async (properties) => duckdbPath(properties),
};

/** For tests and benchmarks: removes a DuckDB file and its write-ahead log. */
export async function removeDuckDbFile(path: string): Promise<void> {
  await rm(path, { force: true });
  await rm(`${path}.wal`, { force: true });
}
