import type { z } from 'zod';
import type { settingsSchema } from '@/api/settings';

// The settings as the service and the mock service answer them.

export type WireSettings = z.input<typeof settingsSchema>;

/** Where the service serves its logo: the version (a prefix of its hash) makes a new logo a new address. */
export const logoPath = (version: string) => `/v2/settings/logo?v=${version}`;

/** A loopback origin (localhost, 127.0.0.0/8, ::1): links on it open only on the computer the service runs on. */
export function isLoopbackOrigin(origin: string): boolean {
  if (!URL.canParse(origin)) return false;
  const host = new URL(origin).hostname.toLowerCase();
  return host === 'localhost' || host.endsWith('.localhost') || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host) || host === '[::1]';
}

export interface SettingsFacts {
  publicUrl: string | null;
  environmentPublicUrl: string | null;
  linkOrigin: string;
  organizationName: string | null;
  logoVersion: string | null;
  allowedRedirects: readonly string[];
}

export function settingsOnWire(facts: SettingsFacts): WireSettings {
  return {
    publicUrl: facts.publicUrl,
    environmentPublicUrl: facts.environmentPublicUrl,
    linkOrigin: facts.linkOrigin,
    linkOriginLocal: isLoopbackOrigin(facts.linkOrigin),
    organizationName: facts.organizationName,
    logoUrl: facts.logoVersion === null ? null : logoPath(facts.logoVersion),
    allowedRedirects: [...facts.allowedRedirects],
  };
}
