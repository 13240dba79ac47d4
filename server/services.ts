import type { Pool } from './db/pool';
import type { Logger } from './logger';
import type { RunService } from './runs/run-service';
import type { SecretBox } from './secrets';

/** What the routes work with; built once in main.ts (and by the tests, on their own database). */
export interface Services {
  db: Pool;
  box: SecretBox;
  logger: Logger;
  runs: RunService;
  /** Origin for card and webhook URLs when FLOWDECK_PUBLIC_URL is set; otherwise the request's. */
  publicUrl: string | null;
  /** How long verify destination may take before it answers Request Timeout. */
  verifyTimeoutMs: number;
}
