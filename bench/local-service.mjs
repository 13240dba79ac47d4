// Shared by the dashboard benches: builds the dashboard into a temporary folder and starts the real local
// service with it (embedded Postgres, demo data) on a temporary database, then stops it by its process id.
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';

export const DEMO_KEY = 'flowdeck-demo-key';

/** A port nobody listens on now, asked of the system. */
export async function freePort() {
  const server = createServer().listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export async function startLocalService(port) {
  const dataDir = mkdtempSync(join(tmpdir(), 'flowdeck-bench-'));
  const staticDir = join(dataDir, 'dist');
  execFileSync('npx', ['vite', 'build', '--logLevel', 'warn', '--outDir', staticDir], { stdio: 'inherit' });
  const child = spawn(join('node_modules', '.bin', 'tsx'), ['server/main.ts'], {
    env: { ...process.env, PORT: String(port), FLOWDECK_DATA_DIR: dataDir, FLOWDECK_STATIC_DIR: staticDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${String(port)}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    try {
      if ((await fetch(`${url}/v2/openapi.json`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline || child.exitCode !== null) throw new Error('the local service did not start');
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return {
    url,
    /** The data folder: `postgres-running.json` in it names the database, for benches that seed it directly. */
    dataDir,
    api: (path, init = {}) =>
      fetch(`${url}${path}`, { ...init, headers: { Authorization: `Bearer ${DEMO_KEY}`, 'Content-Type': 'application/json', ...init.headers } }),
    async stop() {
      child.kill('SIGTERM');
      await new Promise((resolve) => {
        if (child.exitCode !== null) resolve();
        else child.once('exit', resolve);
      });
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function launchChromium() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
  });
}

export async function signIn(page, url) {
  await page.goto(`${url}/sign-in`);
  await page.getByLabel(/^API key/).fill(DEMO_KEY);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('button', { name: 'Sign out' }).waitFor();
}

export async function flowIdByName(service, name) {
  const { data } = await (await service.api('/v2/flows?limit=1000')).json();
  const flow = data.find((candidate) => candidate.displayName === name);
  if (!flow) throw new Error(`no flow named ${name}`);
  return flow.id;
}
