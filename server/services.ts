import type { Pool } from './db/pool';
import type { Logger } from './logger';
import type { RunService } from './runs/run-service';
import type { Profile } from './profile';
import type { SecretBox } from './secrets';

/** What the routes work with; built once in main.ts (and by the tests, on their own database). */
export interface Services {
  db: Pool;
  box: SecretBox;
  logger: Logger;
  runs: RunService;
  /** Origin of card and webhook URLs: FLOWDECK_PUBLIC_URL, else the address the service listens on (never a request header). */
  publicOrigin: () => string;
  /** The first allowed folder: uploads land in its `uploads` folder. */
  filesDir: string;
  /** Largest uploaded file accepted, in bytes. */
  uploadLimitBytes: number;
  /** How long verify destination may take before it answers Request Timeout. */
  verifyTimeoutMs: number;
  /** `hosted`: only the hosted service's operations, in its exact shapes (FLOWDECK_PROFILE). */
  profile: Profile;
}
