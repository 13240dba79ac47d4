import { z } from 'zod';
import { getApiSession } from './api-session';
import { callOperation, routeRequest } from './call-operation';
import { buildUrl, type CallOptions, writeBody } from './client';
import { dataOf, nullableText } from './common';
import { ApiError, kindFromStatus } from './errors';

// Flowdeck's addition: the service's settings, kept in its database. The address links are built on (the
// environment's FLOWDECK_PUBLIC_URL wins when it is set), the team's name and logo a card's recipient sees, and
// the hosts a card may send its recipient back to. Any valid key may change them until keys have roles; then
// only an admin.

/** The largest logo accepted, in bytes. */
export const LOGO_LIMIT_BYTES = 512 * 1024;
/** What a logo may be: PNG, JPEG, or SVG without scripts (the service reads the bytes, not the name). */
export const LOGO_TYPES = ['image/png', 'image/jpeg', 'image/svg+xml'] as const;
export const ORGANIZATION_NAME_MAX = 100;
export const MAX_ALLOWED_REDIRECTS = 50;

export const settingsSchema = z.object({
  publicUrl: nullableText.meta({ description: 'The public address stored here (null: none).' }),
  environmentPublicUrl: nullableText.meta({ description: 'FLOWDECK_PUBLIC_URL: when set it wins over the stored one.' }),
  linkOrigin: z.string().meta({ description: 'The origin card, webhook and alert links are built on now.' }),
  linkOriginLocal: z.boolean().meta({ description: 'True when that origin is a loopback address: the links open only on the computer the service runs on.' }),
  organizationName: nullableText,
  logoUrl: nullableText.meta({ description: 'Where the service serves the uploaded logo (a path on this service), or null.' }),
  allowedRedirects: z.array(z.string()).meta({ description: 'Hosts (with an optional port) a card may send its recipient back to, over https.' }),
});
export type Settings = z.infer<typeof settingsSchema>;

/** An origin, with no path, query or fragment: what a link is built on. */
const publicUrlSchema = z
  .url({ protocol: /^https?$/, message: 'Enter an http:// or https:// address' })
  .max(2048)
  .refine((value) => {
    // Checks run on after a failed one: a string that is no URL at all has its message already.
    if (!URL.canParse(value)) return true;
    const url = new URL(value);
    return url.pathname.replace(/\/+$/, '') === '' && url.search === '' && url.hash === '' && url.username === '' && url.password === '';
  }, 'Enter only the address, such as https://flowdeck.example.com (no path, query or user)')
  .transform((value) => (URL.canParse(value) ? new URL(value).origin : value));

const HOST = /^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*(:\d{1,5})?$/;

/** A host a card may redirect to: `partner.example.com` or `portal.example.com:8443`, in any case. */
export const redirectHostSchema = z
  .string()
  .trim()
  .toLowerCase()
  .refine((value) => HOST.test(value), 'Enter a host name, such as partner.example.com (a port may follow after a colon)');

export const updateSettingsInputSchema = z.strictObject({
  publicUrl: publicUrlSchema.nullable().optional(),
  organizationName: z.string().trim().max(ORGANIZATION_NAME_MAX).nullable().optional(),
  /** null removes the logo; a logo is set by uploading it (POST /v2/settings/logo). */
  logoUrl: z.null().optional(),
  allowedRedirects: z.array(redirectHostSchema).max(MAX_ALLOWED_REDIRECTS).optional(),
});
export type UpdateSettingsInput = z.input<typeof updateSettingsInputSchema>;

/** GET /v2/settings */
export function getSettings(options: CallOptions = {}): Promise<Settings> {
  return callOperation('getSettings', 'GET /settings', { schema: dataOf(settingsSchema) }, options);
}

/** PATCH /v2/settings: only what changes. */
export async function updateSettings(input: UpdateSettingsInput, options: CallOptions = {}): Promise<Settings> {
  return callOperation('updateSettings', 'PATCH /settings', { body: writeBody(updateSettingsInputSchema, input), schema: dataOf(settingsSchema) }, options);
}

/** POST /v2/settings/logo: the image's bytes (PNG, JPEG, or SVG without scripts; at most 512 KiB). */
export function uploadLogo(file: Blob, options: CallOptions = {}): Promise<Settings> {
  return callOperation('uploadLogo', 'POST /settings/logo', { file, schema: dataOf(settingsSchema) }, options);
}

/** GET /v2/settings/logo (no key: the card recipient's page shows it): the logo's bytes. */
export async function getLogo(options: CallOptions = {}): Promise<Blob> {
  const { path } = routeRequest('GET /settings/logo');
  const response = await fetch(buildUrl(getApiSession().baseUrl, path), { signal: options.signal });
  if (!response.ok) throw new ApiError(kindFromStatus(response.status, response.statusText), response.statusText, { status: response.status });
  return response.blob();
}
