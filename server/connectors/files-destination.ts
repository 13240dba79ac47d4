import { createWriteStream, type WriteStream } from 'node:fs';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { FILE_FORMATS as FORMATS, type FileFormat as Format } from '@/catalogue/connector-specs';
import { RefusedTarget } from '@/service-rules/errors';
import type { PlainProperties } from '../properties';
import { allowedPath } from '../security/file-roots';
import { type DestinationConnector, failure, info, type ResourceWriter, type Row } from './types';

// Writes each resource of a run as one file per load: <folder>/<table>/<load_id>.<format>, in a local
// folder (no bucket: nothing here speaks S3 or GCS, so the spec offers none).
// Rows go to a hidden temporary file that is renamed into place on commit, so a cancelled or
// failed resource leaves nothing half-written; after a crash, recovery calls `discard` with the
// load's id, which names the temporary files exactly.

const isRemote = (bucketUrl: string) => /^[a-z][a-z0-9+.-]*:\/\//i.test(bucketUrl) && !/^file:\/\//i.test(bucketUrl);

const remoteRefused = (bucketUrl: string) =>
  `This destination writes to folders of this service only (a path or a file:// address); "${bucketUrl}" is a remote address.`;

/** The allowed local folder the setting names (a remote address is refused). */
async function folderOf(bucketUrl: string): Promise<string> {
  if (isRemote(bucketUrl)) throw new Error(remoteRefused(bucketUrl));
  return allowedPath(bucketUrl);
}

function formatOf(value: string | number | boolean | undefined): Format {
  const format = String(value ?? 'jsonl').toLowerCase();
  if ((FORMATS as readonly string[]).includes(format)) return format as Format;
  throw new Error(`Format "${format}" is not one of jsonl, csv or parquet.`);
}

function csvCell(value: Row[string]): string {
  if (value === null) return '';
  const text = String(value);
  return /[",\n\r]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

function writeChunk(stream: WriteStream, chunk: string): Promise<void> {
  return new Promise((resolveWrite, reject) => {
    stream.write(chunk, (error) => {
      if (error) reject(error);
      else resolveWrite();
    });
  });
}

/** Resolves once the file is closed; rejects with the stream's error (a full disk, say). */
function closeStream(stream: WriteStream): Promise<void> {
  if (stream.closed) return stream.errored ? Promise.reject(stream.errored) : Promise.resolve();
  return new Promise((resolveClose, reject) => {
    stream.once('close', () => {
      if (stream.errored) reject(stream.errored);
      else resolveClose();
    });
    stream.end();
  });
}

/** A full disk names the folder the user chose; any other error goes on as it is. */
function writeFailure(error: unknown, folder: string): Error {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ENOSPC' || /no space left/i.test((error as Error).message)) return new Error(`No space left on ${folder}.`, { cause: error });
  return error instanceof Error ? error : new Error(String(error));
}

const sqlString = (text: string) => `'${text.replaceAll("'", "''")}'`;

/** The rows of a load before commit. */
const stagingPath = (folder: string, loadId: string, format: Format) => join(folder, `.${loadId}.${format}.partial`);
/** DuckDB's Parquet file while it writes it. */
const parquetPartialPath = (finalPath: string) => `${finalPath}.partial`;

async function jsonLinesToParquet(source: string, target: string): Promise<void> {
  const instance = await DuckDBInstance.create(':memory:');
  const connection = await instance.connect();
  try {
    const partial = parquetPartialPath(target);
    try {
      await connection.run(`COPY (SELECT * FROM read_json_auto(${sqlString(source)}, format = 'newline_delimited')) TO ${sqlString(partial)} (FORMAT parquet)`);
      await rename(partial, target);
    } catch (error) {
      await rm(partial, { force: true });
      throw error;
    }
  } finally {
    connection.closeSync();
    instance.closeSync();
  }
}

async function openWriter(properties: PlainProperties, resource: string, loadId: string): Promise<ResourceWriter> {
  const chosen = await folderOf(String(properties.bucket_url ?? ''));
  const folder = join(chosen, resource);
  const format = formatOf(properties.format);
  await mkdir(folder, { recursive: true });
  const finalPath = join(folder, `${loadId}.${format}`);
  const temporaryPath = stagingPath(folder, loadId, format);
  const stream = createWriteStream(temporaryPath);
  // Every error also reaches the write or close that awaits it; without a listener the stream's
  // 'error' event would end the process.
  stream.on('error', () => undefined);
  let columns: string[] | null = null;
  return {
    async write(rows) {
      let chunk = '';
      for (const row of rows) {
        if (format !== 'csv') {
          chunk += `${JSON.stringify(row)}\n`;
        } else {
          if (!columns) {
            columns = Object.keys(row);
            chunk += `${columns.map(csvCell).join(',')}\n`;
          }
          chunk += `${columns.map((column) => csvCell(row[column] ?? null)).join(',')}\n`;
        }
      }
      await writeChunk(stream, chunk).catch((error: unknown) => {
        throw writeFailure(error, chosen);
      });
    },
    async commit() {
      try {
        await closeStream(stream);
        if (format === 'parquet') {
          // Rows were staged as JSON lines; DuckDB turns them into Parquet with the types it infers.
          await jsonLinesToParquet(temporaryPath, finalPath);
          await rm(temporaryPath, { force: true });
        } else {
          await rename(temporaryPath, finalPath);
        }
      } catch (error) {
        throw writeFailure(error, chosen);
      }
    },
    async abort() {
      await closeStream(stream).catch(() => undefined);
      await rm(temporaryPath, { force: true });
    },
  };
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
      folder = await folderOf(bucketUrl);
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
  open: openWriter,
  async discard(properties, resource, loadId) {
    const folder = join(await folderOf(String(properties.bucket_url ?? '')), resource);
    // Every format: the format setting may have changed since the load began.
    for (const format of FORMATS) {
      await rm(stagingPath(folder, loadId, format), { force: true });
      await rm(parquetPartialPath(join(folder, `${loadId}.${format}`)), { force: true });
    }
  },
};
