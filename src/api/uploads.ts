import { z } from 'zod';
import { getApiSession } from './api-session';
import { bearerHeader } from './bearer';
import { callOperation, type RouteOf, routeRequest } from './call-operation';
import { buildUrl, type CallOptions, csrfHeaderFor } from './client';
import { dataOf } from './common';
import { ApiError, errorBodySchema, kindFromStatus } from './errors';

// Flowdeck's addition: uploading a file into the service's allowed folder, so a CSV on the user's
// machine becomes a csv source without choosing a folder. fetch reports no upload progress, so the
// upload itself goes through XMLHttpRequest; its answer is read like every other one.

export const uploadSchema = z.object({
  /** The absolute path in the allowed folder: what a csv source's `location` is set to. */
  location: z.string().min(1),
  name: z.string(),
  size: z.number().int().nonnegative(),
});
export type Upload = z.infer<typeof uploadSchema>;

// The service stores an upload under a name of its own making, so the client's name can never
// choose a place: the mock service applies the same rule.
const MAX_BASE_LENGTH = 100;
const KEPT_EXTENSIONS = new Set(['csv', 'tsv', 'txt']);

/**
 * A file name that is safe whatever the client sent: only the last path segment (either slash),
 * ASCII letters, digits, `-`, `_` and inner dots, no leading dot, bounded length, and a `.csv`,
 * `.tsv` or `.txt` extension (`.csv` added otherwise).
 */
export function safeUploadName(raw: string | null | undefined): string {
  // Bounded before any pattern runs (a name can be as long as the URL); the end keeps the extension.
  const lastSegment = ((raw ?? '').split(/[/\\]/).pop() ?? '').slice(-255);
  const ascii = lastSegment.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
  const cleaned = ascii
    .replace(/[^A-Za-z0-9._-]+/g, '_')
    .replace(/\.{2,}/g, '.')
    .replace(/^[._-]+|[._-]+$/g, '');
  const match = /^(.*)\.([A-Za-z0-9]{1,10})$/.exec(cleaned);
  const extension = match?.[2]?.toLowerCase();
  const kept = extension !== undefined && KEPT_EXTENSIONS.has(extension);
  const base = (kept ? (match?.[1] ?? '') : cleaned).slice(0, MAX_BASE_LENGTH).replace(/[._-]+$/, '');
  return `${base === '' ? 'upload' : base}.${kept ? extension : 'csv'}`;
}

export const uploadLimitsSchema = z.object({ limitBytes: z.number().int().positive() });
export type UploadLimits = z.infer<typeof uploadLimitsSchema>;

/** 413: the file is larger than the service accepts; Flowdeck says its limit in the body. */
export class UploadTooLargeError extends ApiError {
  readonly limitBytes: number | null;

  constructor(message: string, limitBytes: number | null) {
    super('bad_request', message, { status: 413 });
    this.limitBytes = limitBytes;
  }
}

const tooLargeBodySchema = z.object({ limitBytes: z.number().int().positive() });

export interface UploadProgress {
  loaded: number;
  total: number;
}

export interface UploadOptions extends CallOptions {
  onProgress?: (progress: UploadProgress) => void;
}

/** GET /v2/uploads (Flowdeck's addition): the largest file the service accepts. */
export function getUploadLimits(options: CallOptions = {}): Promise<UploadLimits> {
  return callOperation('getUploadLimits', 'GET /uploads', { schema: dataOf(uploadLimitsSchema) }, options);
}

function parseJson(text: string): unknown {
  try {
    return text.trim() === '' ? undefined : JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The answer of an upload, read into the Upload or the same ApiError any other call throws. */
export function readUploadAnswer(status: number, text: string): Upload {
  const json = parseJson(text);
  if (status < 200 || status >= 300) {
    const body = errorBodySchema.safeParse(json);
    const message = body.success ? body.data.message : text.trim() || `HTTP ${String(status)}`;
    if (status === 413) {
      const limit = tooLargeBodySchema.safeParse(json);
      throw new UploadTooLargeError(message, limit.success ? limit.data.limitBytes : null);
    }
    throw new ApiError(kindFromStatus(status, message), message, { status });
  }
  const parsed = dataOf(uploadSchema).safeParse(json);
  if (!parsed.success) {
    const issues = json === undefined ? ['body is not JSON'] : parsed.error.issues.map((issue) => `${issue.path.join('.') || '(body)'}: ${issue.message}`);
    throw new ApiError('invalid_response', undefined, { status, issues });
  }
  return parsed.data;
}

/**
 * POST /v2/uploads?filename=… (Flowdeck's addition): the file is the body, streamed by the browser.
 * `onProgress` gets the bytes sent; aborting `signal` stops the upload (the service keeps nothing)
 * and rejects with the signal's reason, like fetch.
 */
export function uploadFile(file: File, options: UploadOptions = {}): Promise<Upload> {
  return sendFile('POST /uploads', {}, getApiSession().token, file, options);
}

/** The routes that take a file's bytes as their body (`uploadFile`, and a card recipient's `uploadCardFile`). */
type FileRoute = RouteOf<'uploadFile'> | RouteOf<'uploadCardFile'>;

/** Sends `file` as the body of an upload operation, under `token` (the session's key, or a card's hash). */
export function sendFile(
  route: FileRoute,
  params: Readonly<Record<string, string>>,
  token: string | null,
  file: File,
  { signal, onProgress }: UploadOptions = {},
): Promise<Upload> {
  const { baseUrl } = getApiSession();
  const cancelled = () => (signal?.reason as Error | undefined) ?? new DOMException('The upload was cancelled.', 'AbortError');
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(cancelled());
      return;
    }
    const xhr = new XMLHttpRequest();
    // The first outcome wins: a Cancel settles at once, whatever the request does afterwards.
    let settled = false;
    const settle = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      signal?.removeEventListener('abort', onAbort);
      outcome();
    };
    const onAbort = () => {
      settle(() => {
        reject(cancelled());
      });
      xhr.abort();
    };
    const { method = 'POST', path } = routeRequest(route, params);
    xhr.open(method, buildUrl(baseUrl, path, { filename: file.name }));
    xhr.setRequestHeader('Accept', 'application/json');
    for (const [name, value] of Object.entries(csrfHeaderFor(baseUrl))) xhr.setRequestHeader(name, value);
    if (token) xhr.setRequestHeader('Authorization', bearerHeader(token));
    xhr.upload.addEventListener('progress', (event) => {
      if (!settled) onProgress?.({ loaded: event.loaded, total: event.lengthComputable ? event.total : file.size });
    });
    xhr.addEventListener('load', () => {
      settle(() => {
        try {
          resolve(readUploadAnswer(xhr.status, xhr.responseText));
        } catch (error) {
          reject(error instanceof Error ? error : new ApiError('invalid_response'));
        }
      });
    });
    xhr.addEventListener('error', () => {
      settle(() => {
        reject(new ApiError('network'));
      });
    });
    xhr.addEventListener('abort', () => {
      settle(() => {
        reject(cancelled());
      });
    });
    signal?.addEventListener('abort', onAbort);
    xhr.send(file);
  });
}
