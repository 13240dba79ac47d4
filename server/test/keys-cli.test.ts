import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { expectError, expectStatus, PLAN_MESSAGE } from './fixtures';
import { apiClient, createTestDatabase, startHarness } from './harness';

// `npm run keys -- create --plan <plan> [--role <role>] [--name <text>]` prints a new service key that works
// against the service on the same database, with its plan's features and its role (admin by default).

const run = promisify(execFile);
const ROOT = resolve(import.meta.dirname, '../..');
const database = await createTestDatabase();
const service = await startHarness({ database });
afterAll(async () => {
  await service.stop();
  await database.drop();
});

async function keysCli(...args: string[]) {
  return run('npm', ['run', 'keys', '--', ...args], { cwd: ROOT, env: { ...process.env, DATABASE_URL: database.url } });
}

/** The key among npm's own lines (the script banner). */
const keyIn = (stdout: string) =>
  stdout
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => /^fd_[A-Za-z0-9_-]{40,}$/.test(line));

describe('npm run keys -- create', () => {
  it('prints a team key that works on every operation, stored only as a hash', async () => {
    const { stdout } = await keysCli('create', '--plan', 'team', '--label', 'ci');
    const keys = keyIn(stdout);
    expect(keys).toHaveLength(1);
    const key = keys[0] ?? '';
    const api = apiClient(service.url, key);
    expectStatus(await api('/v2/flows'), 200);
    expectStatus(await api('/v2/workflows'), 200);
    const rows = await service.sql<{ row: string }>("SELECT row_to_json(k)::text AS row FROM api_keys k WHERE label = 'ci'");
    expect(rows).toHaveLength(1);
    expect(rows[0]?.row).not.toContain(key);
  });

  it('prints a starter key that has no workflows', async () => {
    const [key = ''] = keyIn((await keysCli('create', '--plan', 'starter')).stdout);
    const api = apiClient(service.url, key);
    expectStatus(await api('/v2/flows'), 200);
    expectError(await api('/v2/workflows'), 403, PLAN_MESSAGE);
  });

  it('prints a different key each time', async () => {
    const first = keyIn((await keysCli('create', '--plan', 'team')).stdout);
    const second = keyIn((await keysCli('create', '--plan', 'team')).stdout);
    expect(first[0]).not.toBe(second[0]);
  });

  it('prints a key of the role asked, named, an admin service key by default', async () => {
    const [viewer = ''] = keyIn((await keysCli('create', '--plan', 'team', '--role', 'viewer', '--name', 'dashboards')).stdout);
    const api = apiClient(service.url, viewer);
    expect((await api('/v2/me')).body).toMatchObject({ data: { type: 'key', name: 'dashboards', role: 'viewer' } });
    expectStatus(await api('/v2/flows'), 200);
    expectError(await api('/v2/sources', { method: 'POST', body: {} }), 403, 'Forbidden: viewer may not create source');
    const [admin = ''] = keyIn((await keysCli('create', '--plan', 'team')).stdout);
    expect((await apiClient(service.url, admin)('/v2/me')).body).toMatchObject({ data: { type: 'key', role: 'admin' } });
    expect(await service.sql("SELECT role, user_id FROM api_keys WHERE label = 'dashboards'")).toEqual([{ role: 'viewer', user_id: null }]);
  });

  it('refuses an unknown plan or role with the usage and a failing exit code', async () => {
    for (const args of [
      ['--plan', 'platinum'],
      ['--plan', 'team', '--role', 'owner'],
    ]) {
      const failure = (await keysCli('create', ...args).catch((error: unknown) => error)) as { code?: number; stderr?: string };
      expect(failure.code).not.toBe(0);
      expect(failure.stderr).toContain('Usage: npm run keys -- create --plan <team|starter> [--role <viewer|operator|editor|admin>] [--name <text>]');
    }
  });
});
