import { HttpResponse, type HttpHandler } from 'msw';
import { MESSAGES } from '@/api/messages';
import { InvalidInput } from '@/service-rules/errors';
import { dataResponse } from './responses';
import { type MockContext, route } from './route';

// Flowdeck's upload endpoints as the service answers them. The bytes are counted and dropped (the
// mock has no disk); the location is where the local service would have put the file.

/** The service's default (FLOWDECK_UPLOAD_LIMIT). */
export const MOCK_UPLOAD_LIMIT_BYTES = 1024 * 1024 * 1024;
const MOCK_UPLOADS_FOLDER = '/home/you/.flowdeck/files/uploads';

async function countBytes(body: ReadableStream<Uint8Array> | null, limit: number): Promise<number | 'too large'> {
  if (!body) return 0;
  const reader = body.getReader();
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return size;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      return 'too large';
    }
  }
}

function randomFolder(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(12)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

export function uploadHandlers(context: MockContext): HttpHandler[] {
  return [
    route(context, 'getUploadLimits', () => dataResponse({ limitBytes: MOCK_UPLOAD_LIMIT_BYTES })),

    route(context, 'uploadFile', async ({ request, query }) => {
      const size = await countBytes(request.body, MOCK_UPLOAD_LIMIT_BYTES);
      if (size === 'too large') return HttpResponse.json({ message: MESSAGES.payloadTooLarge, limitBytes: MOCK_UPLOAD_LIMIT_BYTES }, { status: 413 });
      if (size === 0) throw new InvalidInput('the file is empty.');
      return dataResponse({ location: `${MOCK_UPLOADS_FOLDER}/${randomFolder()}/${query.filename}`, name: query.filename, size }, 201);
    }),
  ];
}
