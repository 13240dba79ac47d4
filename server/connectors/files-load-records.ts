import { createHash } from 'node:crypto';
import { open, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { LOADS_TABLE, recordFileSchema } from './load-records';
import type { LoadRecord } from './types';

// The files destination's load records: `<namespace folder>/_flowdeck_loads/<load>.json`, written
// (flushed, then renamed into place) before the load's data file is renamed into place. A record counts
// only while its data file is the one it names (same file: a replaced table's file is another), so a
// crash between the two renames leaves a record that does not count, and `discard` removes it.

const dataSchema = z.object({ file: z.string(), ino: z.string(), size: z.number() });
const fileSchema = recordFileSchema.extend({ table: z.string(), data: dataSchema });

export type DataFile = z.infer<typeof dataSchema>;
type StoredRecord = z.infer<typeof fileSchema>;

export const recordsFolder = (namespaceFolder: string) => join(namespaceFolder, LOADS_TABLE);

/** A file name for a load id: the id itself when it is a plain name, else a readable part and a hash. */
export function loadStem(loadId: string): string {
  if (/^[A-Za-z0-9_-][A-Za-z0-9._-]{0,99}$/.test(loadId)) return loadId;
  const readable = loadId.replace(/[^A-Za-z0-9_-]+/g, '_').slice(0, 60);
  return `${readable}-${createHash('sha256').update(loadId).digest('hex').slice(0, 16)}`;
}

const recordPath = (namespaceFolder: string, loadId: string) => join(recordsFolder(namespaceFolder), `${loadStem(loadId)}.json`);
export const recordPartialPath = (namespaceFolder: string, loadId: string) => join(recordsFolder(namespaceFolder), `.${loadStem(loadId)}.json.partial`);

/** Flushes a file or folder to disk (a folder, so a rename in it survives a power cut; not possible everywhere). */
export async function syncPath(path: string): Promise<void> {
  const handle = await open(path, 'r');
  try {
    await handle.sync();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EINVAL' && (error as NodeJS.ErrnoException).code !== 'EPERM') throw error;
  } finally {
    await handle.close();
  }
}

/** What a record says of the data file it belongs to, taken from the file before it is renamed into place. */
export async function describeData(ready: string, file: string): Promise<DataFile> {
  const facts = await stat(ready, { bigint: true });
  return { file, ino: facts.ino.toString(), size: Number(facts.size) };
}

/** Writes the record so that it is either whole on disk or absent. */
export async function writeRecord(namespaceFolder: string, record: LoadRecord, table: string, data: DataFile): Promise<void> {
  const partial = recordPartialPath(namespaceFolder, record.loadId);
  try {
    const handle = await open(partial, 'w');
    try {
      await handle.writeFile(JSON.stringify({ ...record, committedAt: record.committedAt.toISOString(), table, data }));
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(partial, recordPath(namespaceFolder, record.loadId));
  } catch (error) {
    // A full disk, say: no half-written record stays behind.
    await rm(partial, { force: true });
    throw error;
  }
  await syncPath(recordsFolder(namespaceFolder)).catch(() => undefined);
}

/** Whether the record's data file is in place (the very file it was written for). */
async function dataInPlace(namespaceFolder: string, data: DataFile): Promise<boolean> {
  try {
    const facts = await stat(join(namespaceFolder, data.file), { bigint: true });
    return facts.ino.toString() === data.ino && Number(facts.size) === data.size;
  } catch {
    return false;
  }
}

async function readStored(path: string): Promise<StoredRecord | null> {
  try {
    const parsed = fileSchema.safeParse(JSON.parse(await readFile(path, 'utf8')));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

const asRecord = (stored: StoredRecord): LoadRecord => ({
  flowId: stored.flowId,
  resource: stored.resource,
  loadId: stored.loadId,
  attemptId: stored.attemptId,
  generation: stored.generation,
  rows: stored.rows,
  cursor: stored.cursor,
  columns: stored.columns,
  schemaChange: stored.schemaChange,
  committedAt: stored.committedAt,
});

/** The record of load `loadId` of `resource` if it counts, else null. */
export async function findRecord(namespaceFolder: string, loadId: string, resource: string): Promise<LoadRecord | null> {
  const stored = await readStored(recordPath(namespaceFolder, loadId));
  if (stored?.resource !== resource || stored.loadId !== loadId || !(await dataInPlace(namespaceFolder, stored.data))) return null;
  return asRecord(stored);
}

async function storedRecords(namespaceFolder: string): Promise<{ path: string; stored: StoredRecord }[]> {
  const names = await readdir(recordsFolder(namespaceFolder)).catch(() => [] as string[]);
  const found = await Promise.all(
    names
      .filter((name) => name.endsWith('.json') && !name.startsWith('.'))
      .map(async (name) => {
        const path = join(recordsFolder(namespaceFolder), name);
        const stored = await readStored(path);
        return stored ? [{ path, stored }] : [];
      }),
  );
  return found.flat();
}

/** The latest record of (flowId, resource, generation) that counts, or null. */
export async function latestRecord(namespaceFolder: string, where: { flowId: number; resource: string; generation: number }): Promise<LoadRecord | null> {
  const candidates = (await storedRecords(namespaceFolder))
    .map(({ stored }) => stored)
    .filter((stored) => stored.flowId === where.flowId && stored.resource === where.resource && stored.generation === where.generation)
    .sort((a, b) => b.committedAt.getTime() - a.committedAt.getTime());
  for (const stored of candidates) if (await dataInPlace(namespaceFolder, stored.data)) return asRecord(stored);
  return null;
}

/** Removes the record of `loadId` (and its partial) unless it counts. */
export async function discardRecord(namespaceFolder: string, loadId: string): Promise<void> {
  await rm(recordPartialPath(namespaceFolder, loadId), { force: true });
  const path = recordPath(namespaceFolder, loadId);
  const stored = await readStored(path);
  if (stored && !(await dataInPlace(namespaceFolder, stored.data))) await rm(path, { force: true });
}

/** After a replace: the table's earlier records no longer count (their file is gone), so they go. */
export async function pruneReplaced(namespaceFolder: string, table: string, keep: string): Promise<void> {
  for (const { path, stored } of await storedRecords(namespaceFolder)) {
    if (stored.table === table && stored.loadId !== keep && !(await dataInPlace(namespaceFolder, stored.data))) await rm(path, { force: true });
  }
}
