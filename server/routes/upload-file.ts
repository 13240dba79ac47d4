import { randomBytes } from 'node:crypto';
import { type FileHandle, mkdir, open, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';

// An uploaded file goes to <files folder>/uploads/<random>/<clean name>: the random folder makes the
// place unguessable and unique, and the file keeps a readable name because the csv source names its
// table after the file (orders.csv loads into `orders`). Bytes are written as they arrive to a
// hidden temporary file that is renamed when the body is complete, so a refused or interrupted upload
// leaves nothing behind: the random folder is removed whole.

/** The body is larger than the limit (said by Content-Length, or counted while streaming). */
export class UploadTooLarge extends Error {}

/** Nothing was sent: an empty file cannot be a CSV source. */
export class UploadEmpty extends Error {}

/** The body ended before the Content-Length the client announced, or the connection dropped. */
export class UploadIncomplete extends Error {}

export interface StoredUpload {
  location: string;
  name: string;
  size: number;
}

interface UploadTarget {
  uploadsDir: string;
  name: string;
  limitBytes: number;
  /** The Content-Length the client announced, if any: a body that ends short of it is incomplete. */
  announcedBytes: number | null;
}

/** Streams `body` to disk chunk by chunk (never held whole), counting bytes against the limit. */
export async function storeUpload(body: ReadableStream<Uint8Array> | null, target: UploadTarget): Promise<StoredUpload> {
  const folder = join(target.uploadsDir, randomBytes(12).toString('hex'));
  await mkdir(target.uploadsDir, { recursive: true });
  await mkdir(folder); // not recursive: a name collision fails instead of sharing a folder
  const partial = join(folder, `.${target.name}.partial`);
  const location = join(folder, target.name);
  try {
    const size = await writeBody(body, partial, target.limitBytes);
    if (target.announcedBytes !== null && size !== target.announcedBytes) throw new UploadIncomplete();
    if (size === 0) throw new UploadEmpty();
    await rename(partial, location);
    return { location, name: target.name, size };
  } catch (error) {
    await rm(folder, { recursive: true, force: true });
    throw error;
  }
}

async function writeAll(file: FileHandle, bytes: Uint8Array): Promise<void> {
  for (let offset = 0; offset < bytes.byteLength;) offset += (await file.write(bytes, offset)).bytesWritten;
}

async function writeBody(body: ReadableStream<Uint8Array> | null, path: string, limitBytes: number): Promise<number> {
  const file = await open(path, 'wx');
  let size = 0;
  try {
    if (!body) return 0;
    // A reader loop rather than a pipeline: on a refusal the request is left unread instead of
    // destroyed, so the connection survives long enough to carry the 413 back to the client.
    const reader = body.getReader();
    try {
      for (;;) {
        let chunk: ReadableStreamReadResult<Uint8Array>;
        try {
          chunk = await reader.read();
        } catch (cause) {
          throw new UploadIncomplete('The upload stopped before the end of the file.', { cause });
        }
        if (chunk.done) return size;
        size += chunk.value.byteLength;
        if (size > limitBytes) throw new UploadTooLarge();
        await writeAll(file, chunk.value);
      }
    } finally {
      reader.releaseLock();
    }
  } finally {
    await file.close();
  }
}
