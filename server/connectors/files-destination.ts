import { createWriteStream, type WriteStream } from 'node:fs';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { FILE_FORMATS as FORMATS, type FileFormat as Format } from '@/catalogue/connector-specs';
import { RefusedTarget } from '@/service-rules/errors';
import type { PlainProperties } from '../properties';
import { allowedPath } from '../security/file-roots';
import { describeData, discardRecord, findRecord, latestRecord, loadStem, pruneReplaced, syncPath, writeRecord } from './files-load-records';
import { LOADS_TABLE } from './load-records';
import { loadLabel, validateTarget } from './load-target';
import { ATTEMPT_ID, EXTRACTED_AT, LoadColumns } from './schema';
import { type DestinationConnector, failure, info, type LoadRecord, type LoadTarget, type ResourceWriter, type Row, type SyncMode } from './types';

// Writes each load as files in a local folder (no bucket: nothing here speaks S3 or GCS, so the spec
// offers none), under the flow's namespace folder:
// - replace: one file per table, `<namespace>/<table>.<format>`, replaced with a rename (atomic);
// - append: one file per load, `<namespace>/<table>/<load>.<format>`.
// Rows go to a hidden temporary file renamed into place on commit, after the load's record (see
// files-load-records.ts), so a cancelled or failed load leaves nothing half-written; after a crash,
// recovery calls `discard`, which finds the temporary files by the load's id.

const MODES: readonly SyncMode[] = ['full_refresh_overwrite', 'full_refresh_append', 'incremental_append'];

const NO_MERGE =
  'The files destination keeps every row it is given; it cannot keep one row per key. Choose a full refresh or incremental append for this resource, or a Postgres or DuckDB destination.';

const isRemote = (bucketUrl: string) => /^[a-z][a-z0-9+.-]*:\/\//i.test(bucketUrl) && !/^file:\/\//i.test(bucketUrl);

const remoteRefused = (bucketUrl: string) =>
  `This destination writes to folders of this service only (a path or a file:// address); "${bucketUrl}" is a remote address.`;

/** The allowed local folder the setting names (a remote address is refused). */
async function folderOf(properties: PlainProperties): Promise<string> {
  const bucketUrl = String(properties.bucket_url ?? '');
  if (isRemote(bucketUrl)) throw new Error(remoteRefused(bucketUrl));
  return allowedPath(bucketUrl);
}

function formatOf(value: string | number | boolean | undefined): Format {
  const format = String(value ?? 'jsonl').toLowerCase();
  if ((FORMATS as readonly string[]).includes(format)) return format as Format;
  throw new Error(`Format "${format}" is not one of jsonl, csv or parquet.`);
}

/** A namespace or table is one plain folder or file name: it can never lead out of the folder. */
function checkSegment(name: string, what: string): void {
  if (name === '.' || name === '..' || name.startsWith('.') || /[/\\]/.test(name) || name === LOADS_TABLE)
    throw new Error(`"${name}" cannot name a ${what} in a folder: use letters, digits and _ only.`);
}

/** The namespace's folder ('' is the destination's folder itself). */
async function namespaceFolder(properties: PlainProperties, namespace: string): Promise<string> {
  if (namespace !== '') checkSegment(namespace, 'namespace');
  return join(await folderOf(properties), namespace);
}

function csvCell(value: Row[string] | undefined): string {
  if (value === null || value === undefined) return '';
  const text = String(value);
  return /[",\n\r]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

function closeStream(stream: WriteStream): Promise<void> {
  return new Promise((resolveClose, reject) => {
    if (stream.closed) {
      resolveClose();
      return;
    }
    stream.end((error?: Error | null) => {
      if (error) reject(error);
      else resolveClose();
    });
  });
}

/** A full disk names the folder the user chose; any other error goes on as it is. */
function writeFailure(error: unknown, folder: string): Error {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ENOSPC' || /no space left/i.test((error as Error).message)) return new Error(`No space left on ${folder}.`, { cause: error });
  return error instanceof Error ? error : new Error(String(error));
}

const sqlString = (text: string) => `'${text.replaceAll("'", "''")}'`;

/** Where a load's files are: the file it ends as (relative to the namespace folder), and its temporaries. */
function loadFiles(folder: string, target: Pick<LoadTarget, 'table' | 'loadId' | 'write'>, format: Format) {
  const stem = loadStem(target.loadId);
  const file = target.write === 'replace' ? `${target.table}.${format}` : join(target.table, `${stem}.${format}`);
  const directory = target.write === 'replace' ? folder : join(folder, target.table);
  const final = join(folder, file);
  return {
    file,
    directory,
    final,
    /** The rows as they come (JSON lines for Parquet, which DuckDB writes from them at commit). */
    staging: join(directory, `.${stem}.${format}.partial`),
    /** DuckDB's Parquet file while it writes it. */
    parquet: `${final}.partial`,
  };
}

async function jsonLinesToParquet(source: string, target: string): Promise<void> {
  const instance = await DuckDBInstance.create(':memory:');
  const connection = await instance.connect();
  try {
    await connection.run(`COPY (SELECT * FROM read_json_auto(${sqlString(source)}, format = 'newline_delimited')) TO ${sqlString(target)} (FORMAT parquet)`);
  } finally {
    connection.closeSync();
    instance.closeSync();
  }
}

class FilesLoad implements ResourceWriter {
  private readonly plan: LoadColumns;
  private readonly stream: WriteStream;
  private readonly failed: { error: Error | null } = { error: null };
  private csvColumns: string[] | null = null;
  private readonly jsonTail: string;
  private readonly csvTail: string;
  private rows = 0;
  private ended = false;

  constructor(
    private readonly folder: string,
    private readonly target: LoadTarget,
    private readonly format: Format,
    private readonly files: ReturnType<typeof loadFiles>,
  ) {
    this.plan = new LoadColumns(target.knownColumns ?? [], { ...target, label: loadLabel(target) });
    const extractedAt = target.extractedAt.toISOString();
    this.jsonTail = `${JSON.stringify(EXTRACTED_AT)}:${JSON.stringify(extractedAt)},${JSON.stringify(ATTEMPT_ID)}:${String(target.attemptId)}}`;
    this.csvTail = `,${extractedAt},${String(target.attemptId)}\n`;
    this.stream = createWriteStream(files.staging, { flush: true });
    // A full disk or a vanished folder fails the load (the next write or the commit says why), never the process.
    this.stream.on('error', (error) => {
      this.failed.error = error;
    });
  }

  private throwIfFailed(): void {
    if (this.failed.error) throw writeFailure(this.failed.error, this.folder);
  }

  async write(rows: Row[]): Promise<void> {
    this.throwIfFailed();
    if (rows.length === 0) return;
    this.plan.take(rows);
    let chunk = '';
    for (const row of rows) chunk += this.format === 'csv' ? this.csvLine(row) : this.jsonLine(row);
    await new Promise<void>((resolveWrite, reject) => {
      this.stream.write(chunk, (error) => {
        if (error) reject(writeFailure(error, this.folder));
        else resolveWrite();
      });
    });
    this.rows += rows.length;
  }

  private jsonLine(row: Row): string {
    if (EXTRACTED_AT in row || ATTEMPT_ID in row) {
      return this.jsonLine(Object.fromEntries(Object.entries(row).filter(([name]) => name !== EXTRACTED_AT && name !== ATTEMPT_ID)));
    }
    const json = JSON.stringify(row);
    return `${json.length > 2 ? `${json.slice(0, -1)},` : '{'}${this.jsonTail}\n`;
  }

  /** The header comes from the first row; later columns are left out of a CSV file (its header is written). */
  private csvLine(row: Row): string {
    let header = '';
    if (!this.csvColumns) {
      this.csvColumns = Object.keys(row).filter((name) => name !== EXTRACTED_AT && name !== ATTEMPT_ID);
      header = `${[...this.csvColumns, EXTRACTED_AT, ATTEMPT_ID].map(csvCell).join(',')}\n`;
    }
    return `${header}${this.csvColumns.map((column) => csvCell(row[column])).join(',')}${this.csvTail}`;
  }

  async commit(state: { cursor: LoadRecord['cursor'] }): Promise<LoadRecord> {
    if (this.ended) throw new Error('This load has already ended.');
    this.ended = true;
    try {
      this.throwIfFailed();
      await closeStream(this.stream);
      let ready = this.files.staging;
      if (this.format === 'parquet') {
        // Rows were staged as JSON lines; DuckDB turns them into Parquet with the types it infers.
        await jsonLinesToParquet(this.files.staging, this.files.parquet);
        await syncPath(this.files.parquet);
        ready = this.files.parquet;
      }
      const { flowId, resource, loadId, attemptId, generation } = this.target;
      const record: LoadRecord = {
        flowId,
        resource,
        loadId,
        attemptId,
        generation,
        rows: this.rows,
        cursor: state.cursor,
        columns: this.plan.resourceColumns(),
        schemaChange: this.plan.schemaChange(),
        committedAt: new Date(),
      };
      await writeRecord(this.folder, record, this.target.table, await describeData(ready, this.files.file));
      await rename(ready, this.files.final);
      // Committed: what follows only tidies up, and cannot undo it.
      await syncPath(this.files.directory).catch(() => undefined);
      await this.removeTemporaries().catch(() => undefined);
      if (this.target.write === 'replace') await this.afterReplace().catch(() => undefined);
      return record;
    } catch (error) {
      await this.removeTemporaries();
      throw writeFailure(error, this.folder);
    }
  }

  /** The table's files in other formats, its appended loads and its records that no longer count are the replaced table's. */
  private async afterReplace(): Promise<void> {
    for (const format of FORMATS.filter((other) => other !== this.format)) await rm(join(this.folder, `${this.target.table}.${format}`), { force: true });
    await rm(join(this.folder, this.target.table), { recursive: true, force: true });
    await pruneReplaced(this.folder, this.target.table, this.target.loadId);
  }

  private async removeTemporaries(): Promise<void> {
    await rm(this.files.staging, { force: true });
    await rm(this.files.parquet, { force: true });
  }

  async abort(): Promise<void> {
    if (this.ended) return;
    this.ended = true;
    await closeStream(this.stream).catch(() => undefined);
    await this.removeTemporaries();
  }
}

async function openLoad(properties: PlainProperties, target: LoadTarget): Promise<ResourceWriter> {
  if (target.write === 'merge') throw new Error(NO_MERGE);
  validateTarget(target, { maxIdentifierBytes: 255, emptyNamespace: true });
  checkSegment(target.table, 'table');
  const folder = await namespaceFolder(properties, target.namespace);
  const format = formatOf(properties.format);
  const files = loadFiles(folder, target, format);
  await mkdir(join(folder, LOADS_TABLE), { recursive: true });
  await mkdir(files.directory, { recursive: true });
  return new FilesLoad(folder, target, format, files);
}

export const filesDestination: DestinationConnector = {
  async checkTarget(properties) {
    const bucketUrl = String(properties.bucket_url ?? '');
    if (bucketUrl && isRemote(bucketUrl)) throw new RefusedTarget(remoteRefused(bucketUrl));
    if (bucketUrl) await allowedPath(bucketUrl);
  },
  async verify(properties) {
    const bucketUrl = String(properties.bucket_url ?? '');
    let folder: string;
    try {
      folder = await folderOf(properties);
    } catch (error) {
      return [failure('connection', (error as Error).message)];
    }
    const messages = [];
    try {
      await mkdir(folder, { recursive: true });
      const probe = join(folder, `.flowdeck-verify-${String(process.pid)}`);
      await writeFile(probe, 'flowdeck');
      await rm(probe);
      messages.push(info('connection', `Listed ${bucketUrl} and wrote a test file there.`));
    } catch (error) {
      messages.push(failure('connection', `Cannot write to ${bucketUrl}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}.`));
    }
    try {
      messages.push(info('format', `Files will be written as ${formatOf(properties.format)}.`));
    } catch (error) {
      messages.push(failure('format', (error as Error).message));
    }
    return messages;
  },
  modes: MODES,
  defaultNamespace: () => '',
  open: openLoad,
  lastLoad: async (properties, where) => latestRecord(await namespaceFolder(properties, where.namespace), where),
  findLoad: async (properties, where) => findRecord(await namespaceFolder(properties, where.namespace), where.loadId, where.resource),
  async discard(properties, where) {
    checkSegment(where.table, 'table');
    const folder = await namespaceFolder(properties, where.namespace);
    // Every format and both layouts: the settings may have changed since the load began.
    for (const format of FORMATS) {
      for (const write of ['replace', 'append'] as const) {
        const files = loadFiles(folder, { table: where.table, loadId: where.loadId, write }, format);
        await rm(files.staging, { force: true });
        await rm(files.parquet, { force: true });
      }
    }
    await discardRecord(folder, where.loadId);
  },
};
