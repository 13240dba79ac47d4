import type { Pool } from './db/pool';
import type { Logger } from './logger';
import type { RunService } from './runs/run-service';
import type { Profile } from './profile';
import type { SecretBox } from './secrets';
import type { SettingsCache } from './settings';
import type { SessionPolicy } from './auth/session-policy';

/** What the routes work with; built once in main.ts (and by the tests, on their own database). */
export interface Services {
  db: Pool;
  box: SecretBox;
  logger: Logger;
  runs: RunService;
  /** Origin of card and webhook URLs: FLOWDECK_PUBLIC_URL, else the public address in Settings, else the address the service listens on (never a request header). */
  publicOrigin: () => string;
  /** The settings (settings.ts): read once, read again after a change. */
  settings: SettingsCache;
  /** The first allowed folder: uploads land in its `uploads` folder. */
  filesDir: string;
  /** Largest uploaded file accepted, in bytes. */
  uploadLimitBytes: number;
  /** How long verify destination may take before it answers Request Timeout. */
  verifyTimeoutMs: number;
  /** `hosted`: only the hosted service's operations, in its exact shapes (FLOWDECK_PROFILE). */
  profile: Profile;
  /** How long a browser session lasts idle and at most (FLOWDECK_SESSION_IDLE_HOURS, FLOWDECK_SESSION_MAX_DAYS). */
  sessionPolicy: SessionPolicy;
  /** Whether sign-in with OpenID Connect is set up (the sign-in page offers it). */
  ssoEnabled: boolean;
}
