import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 4173);
const baseURL = `http://127.0.0.1:${String(port)}`;
// Created once per run (the config is evaluated again in workers, which reuse the main process's folder).
const dataDir = (process.env.FLOWDECK_E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'flowdeck-e2e-')));

export default defineConfig({
  testDir: './e2e',
  outputDir: './test-results',
  fullyParallel: false,
  workers: 1,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  reporter: [['list']],
  timeout: 30_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          // Debian's Chromium: Playwright cannot download its own browser on these machines.
          executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
          // The machine has no network: background services would only fail and slow the browser down.
          args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
        },
      },
    },
  ],
  // The real local service on a database of its own in a temporary folder, removed by globalTeardown. The
  // dashboard is built into that folder too, so that runs on other ports do not overwrite each other's build.
  webServer: {
    command: `vite build --logLevel warn --outDir ${join(dataDir, 'dist')} && tsx server/main.ts`,
    env: { PORT: String(port), FLOWDECK_DATA_DIR: dataDir, FLOWDECK_STATIC_DIR: join(dataDir, 'dist'), LOG_LEVEL: 'warn' },
    url: baseURL,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
  },
  globalTeardown: './e2e/global-teardown.ts',
});
