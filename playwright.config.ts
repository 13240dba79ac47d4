import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { findChromium } from './scripts/chromium-path.mjs';
import { ssoServiceEnv } from './e2e/support/oidc-provider';

const port = Number(process.env.E2E_PORT ?? 4173);
const baseURL = `http://127.0.0.1:${String(port)}`;
// Created once per run (the config is evaluated again in workers, which reuse the main process's folder).
const dataDir = (process.env.FLOWDECK_E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'flowdeck-e2e-')));

/** A port nobody listens on now, asked of the system once per run (workers read it back from the environment). */
function freePort(): string {
  const script = "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})";
  return execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' });
}
// The proxy project: the dashboard in proxy mode, in front of a second local service that answers only the
// hosted service's operations (FLOWDECK_PROFILE=hosted).
const upstreamPort = (process.env.E2E_UPSTREAM_PORT ??= freePort());
const proxyPort = (process.env.E2E_PROXY_PORT ??= freePort());
/** The OpenID provider e2e/sso.spec.ts starts; the service reads its issuer at start and finds it at the first SSO sign-in. */
const ssoPort = (process.env.E2E_SSO_PORT ??= freePort());
const upstreamURL = `http://127.0.0.1:${upstreamPort}`;
const proxyURL = `http://127.0.0.1:${proxyPort}`;

const chromium = {
  ...devices['Desktop Chrome'],
  launchOptions: {
    // Debian's Chromium: Playwright cannot download its own browser on these machines. Where none is found,
    // Playwright's error names the usual path (`npm run e2e` installs it or says how first).
    executablePath: findChromium() ?? '/usr/bin/chromium',
    // The machine has no network: background services would only fail and slow the browser down.
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  },
};
const server = { timeout: 180_000, reuseExistingServer: false, stdout: 'ignore', gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 } } as const;

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
    { name: 'chromium', testIgnore: 'proxy/**', use: chromium },
    { name: 'proxy-hosted', testMatch: 'proxy/**/*.spec.ts', use: { ...chromium, baseURL: proxyURL } },
  ],
  // The real local service on a database of its own in a temporary folder, removed by globalTeardown. The
  // dashboard is built into that folder too, so that runs on other ports do not overwrite each other's build.
  // Started one after the other: the proxy serves the build the first one made.
  webServer: [
    {
      ...server,
      command: `vite build --logLevel warn --outDir ${join(dataDir, 'dist')} && tsx server/main.ts`,
      // The run limit is set, not taken from the machine's cores: the demo's schedules must not queue a spec's runs on a small machine.
      env: {
        PORT: String(port),
        FLOWDECK_DATA_DIR: dataDir,
        FLOWDECK_STATIC_DIR: join(dataDir, 'dist'),
        LOG_LEVEL: 'warn',
        FLOWDECK_MAX_RUNS: '8',
        ...ssoServiceEnv(ssoPort),
      },
      url: baseURL,
    },
    {
      // The upstream: the API alone, its own database and demo data, only the hosted operations.
      ...server,
      command: 'tsx server/main.ts',
      env: { PORT: upstreamPort, FLOWDECK_DATA_DIR: join(dataDir, 'hosted'), FLOWDECK_STATIC_DIR: '', FLOWDECK_PROFILE: 'hosted', LOG_LEVEL: 'warn' },
      // 401 without a key: listening.
      url: `${upstreamURL}/v2/flows`,
    },
    {
      // Proxy mode: the same dashboard build, /v2 forwarded to the upstream.
      ...server,
      command: 'tsx server/main.ts',
      env: {
        PORT: proxyPort,
        FLOWDECK_DATA_DIR: join(dataDir, 'proxy'),
        FLOWDECK_STATIC_DIR: join(dataDir, 'dist'),
        FLOWDECK_UPSTREAM_URL: upstreamURL,
        LOG_LEVEL: 'warn',
      },
      url: proxyURL,
    },
  ],
  globalTeardown: './e2e/global-teardown.ts',
});
