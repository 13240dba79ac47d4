import { join } from 'node:path';
import { MESSAGES } from '@/api/messages';
import { InvalidInput } from '@/service-rules/errors';
import { HttpError } from '../http/errors';
import { type Handlers, RawAnswer } from '../http/operations';
import type { Services } from '../services';
import { storeUpload, UploadEmpty, UploadIncomplete, UploadTooLarge } from './upload-file';

// Flowdeck's addition: POST /v2/uploads?filename=orders.csv with the file's bytes as the body (any
// content type) stores the file in the allowed folder and answers where a csv source finds it.
// GET /v2/uploads tells the dashboard the limit before it sends anything.

/** 413 as the body limit answers it, plus the limit so the dashboard can say it. */
function payloadTooLarge(limitBytes: number) {
  return new RawAnswer(Response.json({ message: MESSAGES.payloadTooLarge, limitBytes }, { status: 413, headers: { Connection: 'close' } }));
}

/** The Content-Length header as a number, or null when the body is chunked (Node has checked its syntax). */
function announcedLength(header: string | undefined): number | null {
  return header !== undefined && /^\d+$/.test(header) ? Number(header) : null;
}

const DISK_FULL = new Set(['ENOSPC', 'EDQUOT']);

export function uploadHandlers(services: Services) {
  const uploadsDir = join(services.filesDir, 'uploads');
  const limitBytes = services.uploadLimitBytes;
  return {
    getUploadLimits: () => ({ data: { limitBytes } }),

    uploadFile: async ({ query }, c) => {
      const announcedBytes = announcedLength(c.req.header('content-length'));
      // Refused before a byte is read or a folder made; chunked bodies are counted while they stream.
      if (announcedBytes !== null && announcedBytes > limitBytes) return payloadTooLarge(limitBytes);
      try {
        const stored = await storeUpload(c.req.raw.body, { uploadsDir, name: query.filename, limitBytes, announcedBytes });
        services.logger.info({ name: stored.name, size: stored.size }, 'file uploaded');
        return { data: stored };
      } catch (error) {
        if (error instanceof UploadTooLarge) return payloadTooLarge(limitBytes);
        if (error instanceof UploadEmpty) throw new InvalidInput('the file is empty.');
        if (error instanceof UploadIncomplete) throw new InvalidInput('the upload stopped before the end of the file.');
        if (DISK_FULL.has((error as NodeJS.ErrnoException).code ?? '')) throw new HttpError(507, MESSAGES.insufficientStorage);
        throw error;
      }
    },
  } satisfies Partial<Handlers>;
}
