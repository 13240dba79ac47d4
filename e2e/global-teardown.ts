import { rmSync } from 'node:fs';

/** Removes the e2e service's temporary data folder (its Postgres has stopped with the service). */
export default function globalTeardown(): void {
  const dataDir = process.env.FLOWDECK_E2E_DATA_DIR;
  if (dataDir?.includes('flowdeck-e2e-')) rmSync(dataDir, { recursive: true, force: true });
}
