import { createHash } from 'node:crypto';
import { LOGO_LIMIT_BYTES } from '@/api/settings';
import { MESSAGES } from '@/api/messages';
import { InvalidInput } from '@/service-rules/errors';
import { logoTypeOf } from '@/service-rules/logo';
import { settingsOnWire } from '@/service-rules/settings';
import { type Handlers, RawAnswer } from '../http/operations';
import type { Services } from '../services';
import { readLogo, type SettingsRow, storeLogo, updateSettingsRow } from '../store/settings';

// Flowdeck's addition: GET and PATCH /v2/settings, the logo's upload and the logo itself. Any valid key may
// change settings until keys have roles (then: admin only). The logo is served with a policy that lets it run
// nothing, should it be opened on its own.

const LOGO_HEADERS = {
  'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
  'X-Content-Type-Options': 'nosniff',
};

/** Reads a request body up to `limit` bytes; null past it (nothing more is read). */
async function readBounded(body: ReadableStream<Uint8Array> | null, limit: number): Promise<Buffer | null> {
  if (!body) return Buffer.alloc(0);
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return Buffer.concat(chunks);
      size += value.byteLength;
      if (size > limit) return null;
      chunks.push(value);
    }
  } finally {
    reader.releaseLock();
  }
}

export function settingsHandlers(services: Services) {
  const wire = (row: SettingsRow) =>
    settingsOnWire({
      publicUrl: row.public_url,
      environmentPublicUrl: services.settings.environmentPublicUrl,
      linkOrigin: services.publicOrigin(),
      organizationName: row.organization_name,
      logoVersion: row.logo_version,
      allowedRedirects: row.allowed_redirects,
    });
  const changed = async () => wire(await services.settings.refresh());
  return {
    getSettings: async () => ({ data: wire(await services.settings.refresh()) }),

    updateSettings: async ({ body }) => {
      await updateSettingsRow(services.db, {
        publicUrl: body.publicUrl,
        organizationName: body.organizationName === '' ? null : body.organizationName,
        allowedRedirects: body.allowedRedirects === undefined ? undefined : [...new Set(body.allowedRedirects)],
        removeLogo: body.logoUrl === null,
      });
      return { data: await changed() };
    },

    uploadLogo: async (_input, c) => {
      const bytes = await readBounded(c.req.raw.body, LOGO_LIMIT_BYTES);
      if (bytes === null)
        return new RawAnswer(
          Response.json({ message: MESSAGES.payloadTooLarge, limitBytes: LOGO_LIMIT_BYTES }, { status: 413, headers: { Connection: 'close' } }),
        );
      if (bytes.length === 0) throw new InvalidInput('the logo is empty.');
      const type = logoTypeOf(bytes);
      const version = createHash('sha256').update(bytes).digest('hex').slice(0, 16);
      await storeLogo(services.db, { bytes, type, version });
      return { data: await changed() };
    },

    getLogo: async () => {
      const logo = await readLogo(services.db);
      if (!logo) return new RawAnswer(Response.json({ message: MESSAGES.notFound }, { status: 404 }));
      // The address carries the version: a new logo is a new address, so this one may be kept.
      return new RawAnswer(
        new Response(new Uint8Array(logo.bytes), {
          headers: { ...LOGO_HEADERS, 'Content-Type': logo.type, 'Cache-Control': 'public, max-age=86400', ETag: `"${logo.version}"` },
        }),
      );
    },
  } satisfies Partial<Handlers>;
}
