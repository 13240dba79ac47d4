import { HttpResponse, type HttpHandler } from 'msw';
import { LOGO_LIMIT_BYTES } from '@/api/settings';
import { MESSAGES } from '@/api/messages';
import { logoTypeOf } from '@/service-rules/logo';
import { settingsOnWire } from '@/service-rules/settings';
import type { MockDb } from './db';
import { dataResponse, errorResponse } from './responses';
import { type MockContext, route } from './route';
import { linkOrigin } from './serialize';

// The service's settings, as the service answers them: the mock has no FLOWDECK_PUBLIC_URL, so links use the
// stored public address or the caller's origin.

function wireSettings(db: MockDb, callerOrigin: string) {
  const { settings } = db.state;
  return settingsOnWire({
    publicUrl: settings.publicUrl,
    environmentPublicUrl: null,
    linkOrigin: linkOrigin(db, callerOrigin),
    organizationName: settings.organizationName,
    logoVersion: settings.logo?.version ?? null,
    allowedRedirects: settings.allowedRedirects,
  });
}

/** A short, stable version of the logo's bytes (the service uses a SHA-256 prefix; any change gives a new one). */
function versionOf(bytes: Uint8Array): string {
  let hash = 2166136261;
  for (const byte of bytes) hash = Math.imul(hash ^ byte, 16777619) >>> 0;
  return `${hash.toString(16).padStart(8, '0')}${bytes.length.toString(16).padStart(8, '0')}`;
}

export function settingsHandlers(context: MockContext): HttpHandler[] {
  const { db } = context;
  return [
    route(context, 'getSettings', ({ url }) => dataResponse(wireSettings(db, url.origin))),

    route(context, 'updateSettings', ({ body, url }) => {
      const { settings } = db.state;
      if (body.publicUrl !== undefined) settings.publicUrl = body.publicUrl;
      if (body.organizationName !== undefined) settings.organizationName = body.organizationName === '' ? null : body.organizationName;
      if (body.allowedRedirects !== undefined) settings.allowedRedirects = [...new Set(body.allowedRedirects)];
      if (body.logoUrl === null) settings.logo = null;
      return dataResponse(wireSettings(db, url.origin));
    }),

    route(context, 'uploadLogo', async ({ request, url }) => {
      const bytes = new Uint8Array(await request.arrayBuffer());
      if (bytes.length > LOGO_LIMIT_BYTES) return HttpResponse.json({ message: MESSAGES.payloadTooLarge, limitBytes: LOGO_LIMIT_BYTES }, { status: 413 });
      const type = logoTypeOf(bytes);
      db.state.settings.logo = { bytes, type, version: versionOf(bytes) };
      return dataResponse(wireSettings(db, url.origin));
    }),

    route(context, 'getLogo', () => {
      const { logo } = db.state.settings;
      if (!logo) return errorResponse(404);
      return new HttpResponse(logo.bytes, { headers: { 'Content-Type': logo.type } });
    }),
  ];
}
