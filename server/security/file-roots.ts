import { realpath, stat } from 'node:fs/promises';
import { basename, delimiter, dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { filesFolder } from '../config';
import { RefusedTarget } from '@/service-rules/errors';
import { activeBoundaries } from './boundary';

// Connectors read and write files only under the allowed folders (FLOWDECK_FILE_ROOTS, by default
// <data dir>/files). A path is resolved first (file:// URLs, `..`, symlinks), so no spelling of a path
// gets around the check, and the data folder's own files are refused whatever the setting says.
// Connectors then open the resolved path, not the one they were given.

function isInside(path: string, folder: string): boolean {
  const rest = relative(folder, path);
  return rest === '' || (!rest.startsWith(`..${sep}`) && rest !== '..' && !isAbsolute(rest));
}

/** A path as the user wrote it: a file:// URL or a path; relative paths are relative to the first allowed folder. */
function spelledPath(raw: string, base: string): string {
  const text = raw.trim();
  if (text === '') throw new RefusedTarget('No file path is configured.');
  if (text.includes('\0')) throw new RefusedTarget('A file path cannot contain a NUL byte.');
  if (/^file:/i.test(text)) {
    try {
      return fileURLToPath(text);
    } catch {
      throw new RefusedTarget(`"${text}" is not a valid file:// address.`);
    }
  }
  return isAbsolute(text) ? resolve(text) : resolve(base, text);
}

/** The real path of `path`, or of its nearest existing folder with the rest appended (for files yet to be written). */
async function realPathOf(path: string): Promise<string> {
  try {
    return await realpath(path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'ENOENT' && code !== 'ENOTDIR') throw error;
    const parent = dirname(path);
    if (parent === path) return path;
    return join(await realPathOf(parent), basename(path));
  }
}

async function realOrSelf(path: string): Promise<string> {
  return realpath(path).catch(() => resolve(path));
}

export function allowedFoldersText(): string {
  const roots = [...new Set(activeBoundaries().flatMap((boundary) => boundary.fileRoots))];
  return roots.length > 0 ? roots.join(', ') : '(none)';
}

function refusal(spelled: string): RefusedTarget {
  return new RefusedTarget(
    `${spelled} is outside the folders this service may read and write: ${allowedFoldersText()}. ` +
      `Upload the file or move it into one of them, or start the service with FLOWDECK_FILE_ROOTS listing the folders to allow (separated by "${delimiter}").`,
  );
}

/**
 * The resolved path a connector may use for `raw`, or a RefusedTarget saying why not.
 * Allowed when it lies in an allowed folder of a running service and in no service's data folder
 * (other than that folder's `files`).
 */
export async function allowedPath(raw: string): Promise<string> {
  const boundaries = activeBoundaries();
  const base = boundaries[0]?.fileRoots[0] ?? process.cwd();
  const spelled = spelledPath(raw, base);
  const real = await realPathOf(spelled);
  for (const boundary of boundaries) {
    const dataDir = await realOrSelf(boundary.dataDir);
    if (isInside(real, dataDir) && !isInside(real, await realOrSelf(filesFolder(boundary.dataDir)))) {
      throw new RefusedTarget(`${spelled} is inside the service's own data folder, which connectors may never read or write.`);
    }
  }
  for (const boundary of boundaries) {
    for (const root of boundary.fileRoots) {
      if (isInside(real, await realOrSelf(root))) return real;
    }
  }
  throw refusal(spelled);
}

/** A file to read: allowed, and a regular file (a folder, a device or a pipe would hang or mislead a reader). */
export async function allowedFileToRead(raw: string): Promise<string> {
  const path = await allowedPath(raw);
  const info = await stat(path).catch((error: unknown) => {
    throw new RefusedTarget(`Cannot read ${raw.trim()}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  });
  if (!info.isFile()) throw new RefusedTarget(`${raw.trim()} is not a file${info.isDirectory() ? ' but a folder' : ''}.`);
  return path;
}
