import type { Pool } from './db/pool';
import type { Logger } from './logger';
import { readSettings, type SettingsRow } from './store/settings';

// The settings every request may need (the origin links are built on, the team's name) are read from the
// database once and kept: links are built synchronously in many places. This instance reads them again after
// its own change, and any instance at most REREAD_MS after another's.

const REREAD_MS = 5_000;

export interface SettingsCache {
  /** The settings as last read. */
  current: () => SettingsRow;
  /** Reads them now (at start, after a change here). */
  refresh: () => Promise<SettingsRow>;
  /** The origin of card, webhook and alert links: FLOWDECK_PUBLIC_URL, else the stored public address, else the listening address. */
  publicOrigin: () => string;
  /** FLOWDECK_PUBLIC_URL as given (it wins over the stored one). */
  environmentPublicUrl: string | null;
}

const trimmed = (url: string) => url.replace(/\/+$/, '');

/**
 * Never the request's Host header, which a caller chooses: a card link built on it could send the recipient (and
 * the credentials they type) anywhere.
 */
export function createSettingsCache(db: Pool, logger: Logger, environmentPublicUrl: string | null, listeningUrl: () => string): SettingsCache {
  let row: SettingsRow | null = null;
  let readAt = 0;
  let reading: Promise<SettingsRow> | null = null;
  const refresh = () => {
    reading ??= readSettings(db)
      .then((fresh) => {
        row = fresh;
        readAt = Date.now();
        return fresh;
      })
      .finally(() => {
        reading = null;
      });
    return reading;
  };
  const current = (): SettingsRow => {
    if (Date.now() - readAt > REREAD_MS && !reading) {
      refresh().catch((error: unknown) => {
        logger.warn({ err: String(error) }, 'settings could not be read again; the last ones are used');
      });
    }
    return row ?? { public_url: null, organization_name: null, logo_type: null, logo_version: null, allowed_redirects: [], updated_at: new Date(0) };
  };
  return {
    current,
    refresh,
    environmentPublicUrl,
    publicOrigin: () => trimmed(environmentPublicUrl ?? current().public_url ?? listeningUrl()),
  };
}
