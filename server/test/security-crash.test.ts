import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { type ChildService, runChildServiceToExit, startChildService } from './child-service';
import { createFilesDestination, createFlow, createSampleSource, eventuallyRunning, expectStatus, listAttempts, matching } from './fixtures';
import { apiClient } from './harness';

// `kill -9` of `npm start` with its embedded Postgres, then `npm start` again on the same data
// folder: it comes up by itself (the Postgres the dead service left running is recognised and
// stopped), the run that was under way ends as interrupted, with nothing loaded and no partial file
// for the resource in hand. What it cannot fix is one line: the cause and the fix.

const ROOT = resolve(import.meta.dirname, '../..');
const folders: string[] = [];
const children: ChildService[] = [];

/** The embedded Postgres's process id, from its postmaster.pid, while the file is there. */
function postgresPid(dataDir: string): number | null {
  try {
    return Number(readFileSync(join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0]);
  } catch {
    return null;
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    const stat = existsSync(`/proc/${String(pid)}/stat`) ? readFileSync(`/proc/${String(pid)}/stat`, 'utf8') : '';
    return !stat.includes(') Z ');
  } catch {
    return false;
  }
}

afterAll(async () => {
  for (const child of children) await child.kill();
  // A Postgres a failed test left behind is stopped by its process id.
  for (const folder of folders) {
    const pid = postgresPid(folder);
    if (pid && alive(pid)) {
      process.kill(pid, 'SIGINT');
      for (let i = 0; i < 100 && alive(pid); i += 1) await new Promise((resolveWait) => setTimeout(resolveWait, 100));
    }
    rmSync(folder, { recursive: true, force: true });
  }
});

function dataFolder(): string {
  const folder = mkdtempSync(join(tmpdir(), 'flowdeck-crash-'));
  folders.push(folder);
  return folder;
}

/** The embedded database, as `npm start` runs with no DATABASE_URL. */
const embeddedEnv = (dataDir: string) => ({ FLOWDECK_DATA_DIR: dataDir, DATABASE_URL: undefined });

async function start(dataDir: string): Promise<ChildService> {
  const child = await startChildService(embeddedEnv(dataDir));
  children.push(child);
  return child;
}

async function newKey(dataDir: string): Promise<string> {
  const env: NodeJS.ProcessEnv = { ...process.env, FLOWDECK_DATA_DIR: dataDir };
  delete env.DATABASE_URL;
  const { stdout } = await promisify(execFile)('npm', ['run', 'keys', '--', 'create', '--plan', 'team'], { cwd: ROOT, env });
  return (
    stdout
      .split('\n')
      .map((line) => line.trim())
      .find((line) => line.startsWith('fd_')) ?? ''
  );
}

const partialFiles = (folder: string) =>
  readdirSync(folder, { recursive: true })
    .map(String)
    .filter((file) => file.endsWith('.partial'));

describe('npm start after kill -9 on the same data folder', () => {
  it('comes up by itself and ends the run in hand as interrupted, with nothing loaded and no partial file for its resource', { timeout: 180_000 }, async () => {
    const dataDir = dataFolder();
    const first = await start(dataDir);
    const key = await newKey(dataDir);
    let api = apiClient(first.url, key);
    const out = join(dataDir, 'files', 'out');
    mkdirSync(out, { recursive: true });
    // Batches of 5,000 rows at 4,000 a second: orders counts rows loaded for seconds before it commits.
    const source = await createSampleSource(api, { row_count: 40_000, rows_per_second: 4_000 });
    const destination = await createFilesDestination(api, out);
    // Into the destination's folder itself: one file per table, replaced at each run.
    const flow = await createFlow(api, source.id, destination.id, { namespace: null });
    expectStatus(await api(`/v2/flows/${String(flow.id)}/run`, { method: 'POST' }), 201);
    // customers and products are loaded, orders is half-way.
    await eventuallyRunning(api, flow.id, (attempt) => attempt.resources.some((resource) => resource.name === 'orders' && resource.written > 0));
    expect(partialFiles(out)).not.toEqual([]);

    await first.kill();
    const orphan = postgresPid(dataDir);
    expect(orphan !== null && alive(orphan), 'the killed service left its Postgres running').toBe(true);

    const second = await start(dataDir);
    api = apiClient(second.url, key);
    expect(alive(orphan ?? 0)).toBe(false);
    const [attempt] = await listAttempts(api, flow.id);
    expect(attempt).toMatchObject({ lifecycle: 'not_running', disposition: 'failed', errors: [matching(/interrupted/i)] });
    const counts = Object.fromEntries((attempt?.resources ?? []).map((resource) => [resource.name, resource]));
    expect(counts.customers?.loaded).toBeGreaterThan(0);
    expect(counts.customers?.loaded).toBe(counts.customers?.extracted);
    expect(counts.products?.loaded).toBe(counts.products?.extracted);
    expect(counts.orders?.extracted).toBeGreaterThan(0);
    expect(counts.orders?.loaded).toBe(0);
    expect(partialFiles(out)).toEqual([]);
    expect(
      readdirSync(out)
        .filter((file) => file.endsWith('.jsonl'))
        .sort(),
    ).toEqual(['customers.jsonl', 'products.jsonl']);

    // Stopped as a service manager does, it stops its Postgres too.
    await second.stop();
    expect(postgresPid(dataDir)).toBeNull();
  });

  it('refuses, in one line with the fix, a data folder another running Flowdeck uses, and leaves that one running', { timeout: 120_000 }, async () => {
    const dataDir = dataFolder();
    const running = await start(dataDir);
    const refused = await runChildServiceToExit({ ...embeddedEnv(dataDir), LOG_LEVEL: 'info' });
    expect(refused.code).toBe(1);
    const lines = refused.output.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^Flowdeck could not start: The data folder .+ is in use by another Flowdeck \(process \d+.*\. To fix it: .*FLOWDECK_DATA_DIR=/);
    expect((await fetch(`${running.url}/v2/flows`)).status).toBe(401);
    await running.stop();
    expect(postgresPid(dataDir)).toBeNull();
  });

  it('names the setting to change, in one line, when the data folder cannot be made', async () => {
    const file = join(dataFolder(), 'a-file');
    writeFileSync(file, '');
    const refused = await runChildServiceToExit({ ...embeddedEnv(join(file, 'data')), LOG_LEVEL: 'info' });
    expect(refused.code).toBe(1);
    const lines = refused.output.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^Flowdeck could not start: The data folder .+ cannot be created \(ENOTDIR\)\. To fix it: start with FLOWDECK_DATA_DIR=/);
  });
});
