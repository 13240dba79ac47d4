import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { startChildService } from './child-service';
import { createTestDatabase } from './harness';

// A service manager stops what it started with a SIGTERM to that process: here `npm run server`, which `npm start`
// ends in. The service must stop with it, not live on without anyone to stop it.

const database = await createTestDatabase();
const dataDir = mkdtempSync(join(tmpdir(), 'flowdeck-stop-'));
afterAll(async () => {
  await database.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

it('stops the service when npm run server is sent SIGTERM, as a service manager stops it', async () => {
  const service = await startChildService({ DATABASE_URL: database.url, FLOWDECK_DATA_DIR: dataDir }, 'npm');
  expect((await fetch(`${service.url}/v2/openapi.json`)).status).toBe(200);
  await service.stop();
  // npm has exited, and nothing answers at the service's address any more.
  await expect(fetch(`${service.url}/v2/openapi.json`)).rejects.toThrow('fetch failed');
});
