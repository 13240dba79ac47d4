import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../db/embedded';
import { initCluster, startCluster } from '../db/postgres-cluster';
import { startService, type RunningService } from '../start';
import { insertApiKey, newApiKey } from '../store/api-keys';
import { attemptEnded, createFilesDestination, createFlow, createSampleSource, expectStatus } from './fixtures';
import { apiClient, testConfig, testLogger } from './harness';

// The embedded database with least privilege: the service connects as a role that is no
// superuser, cannot read the server's files, run programs, or create roles and databases, and owns
// only its own database. The superuser's password is random, one per data folder, in a file only
// its owner reads. A data folder from before (the service connected as flowdeck/flowdeck, a
// superuser) is upgraded in place on its next start, its data kept.

const folders: string[] = [];
const services: RunningService[] = [];
afterAll(async () => {
  for (const service of services) await service.stop();
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

function dataFolder(): string {
  const folder = mkdtempSync(join(tmpdir(), 'flowdeck-database-'));
  folders.push(folder);
  return folder;
}

/** `npm start` with no DATABASE_URL: the embedded Postgres in the data folder. */
async function startEmbedded(dataDir: string): Promise<RunningService> {
  const service = await startService({ ...testConfig('', dataDir), databaseUrl: null }, testLogger());
  services.push(service);
  return service;
}

async function stopService(service: RunningService): Promise<void> {
  services.splice(services.indexOf(service), 1);
  await service.stop();
}

async function withClient<T>(url: string, use: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  client.on('error', () => undefined);
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}

/** The error message of a statement that must fail, or a marker that it did not. */
const refusal = (client: pg.Client, statement: string) =>
  client.query(statement).then(
    () => 'it was allowed',
    (error: unknown) => (error as Error).message,
  );

/** Whether this user and password sign in to the database at `url`'s host and port. */
async function signsIn(url: string, user: string, password: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  const client = new pg.Client({ host: hostname, port: Number(port), user, password, database: 'postgres' });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

const secretsOf = (dataDir: string) =>
  JSON.parse(readFileSync(join(dataDir, 'postgres-secrets.json'), 'utf8')) as { superuser: string; superuserPassword: string };

async function expectLeastPrivilege(url: string): Promise<void> {
  await withClient(url, async (client) => {
    const { rows } = await client.query<Record<string, boolean>>(
      'SELECT rolsuper, rolcreaterole, rolcreatedb, rolreplication, rolbypassrls FROM pg_roles WHERE rolname = current_user',
    );
    expect(rows[0]).toEqual({ rolsuper: false, rolcreaterole: false, rolcreatedb: false, rolreplication: false, rolbypassrls: false });
    // No predefined role (pg_read_server_files, pg_execute_server_program, pg_write_server_files...) either.
    const { rows: memberships } = await client.query('SELECT roleid::regrole::text FROM pg_auth_members WHERE member = current_user::regrole');
    expect(memberships).toEqual([]);
    expect(await refusal(client, "SELECT pg_read_file('/etc/passwd')")).toMatch(/permission denied/);
    expect(await refusal(client, "SELECT pg_read_binary_file('/etc/hostname')")).toMatch(/permission denied/);
    expect(await refusal(client, "SELECT pg_ls_dir('.')")).toMatch(/permission denied/);
    expect(await refusal(client, "CREATE TEMP TABLE leak (line text); COPY leak FROM '/etc/passwd'")).toMatch(/permission denied|must be superuser/);
    expect(await refusal(client, "COPY (SELECT 1) TO PROGRAM 'id'")).toMatch(/permission denied|must be superuser/);
    expect(await refusal(client, 'CREATE ROLE intruder LOGIN SUPERUSER')).toMatch(/permission denied/);
    expect(await refusal(client, 'CREATE DATABASE other')).toMatch(/permission denied/);
    expect(await refusal(client, 'ALTER ROLE current_user SUPERUSER')).toMatch(/permission denied/);
  });
}

describe('the embedded database', () => {
  it('is used through a role that is no superuser and cannot read files, run programs, or create roles and databases', async () => {
    const service = await startEmbedded(dataFolder());
    const url = service.databaseUrl ?? '';
    await expectLeastPrivilege(url);
    // And yet enough for the whole service: its tables, migrations and job queue.
    const key = newApiKey();
    await withClient(url, (client) => insertApiKey(client, key, 'team', 'least privilege'));
    expectStatus(await apiClient(service.url, key)('/v2/flows'), 200);
  });

  it('has a random superuser password per data folder, kept in a file only its owner reads', async () => {
    const pair = [dataFolder(), dataFolder()];
    const running = [];
    for (const folder of pair) running.push(await startEmbedded(folder));
    const secrets = pair.map(secretsOf);
    for (const [index, folder] of pair.entries()) {
      const url = running[index]?.databaseUrl ?? '';
      const { superuser, superuserPassword } = secrets[index] ?? { superuser: '', superuserPassword: '' };
      expect(statSync(join(folder, 'postgres-secrets.json')).mode & 0o777).toBe(0o600);
      expect(superuserPassword).not.toBe('flowdeck');
      expect(superuserPassword.length).toBeGreaterThanOrEqual(32);
      expect(await signsIn(url, superuser, superuserPassword)).toBe(true);
      expect(await signsIn(url, superuser, 'flowdeck')).toBe(false);
      expect(await signsIn(url, 'flowdeck', 'flowdeck')).toBe(false);
      expect(await signsIn(url, 'postgres', 'postgres')).toBe(false);
    }
    expect(secrets[0]?.superuserPassword).not.toBe(secrets[1]?.superuserPassword);
  });

  it('upgrades a data folder from before (the service signed in as the flowdeck superuser) in place, keeping its data', { timeout: 120_000 }, async () => {
    const dataDir = dataFolder();
    // What the earlier version made: a cluster whose superuser is flowdeck/flowdeck, its flowdeck
    // database, and the service on it as that superuser (tables, job queue schema).
    if (process.getuid?.() === 0) chmodSync(dataDir, 0o755);
    const port = await freePort();
    await initCluster(join(dataDir, 'postgres'), { name: 'flowdeck', password: 'flowdeck' });
    const legacy = await startCluster(join(dataDir, 'postgres'), { port });
    await withClient(`postgres://flowdeck:flowdeck@127.0.0.1:${String(port)}/postgres`, (client) => client.query('CREATE DATABASE flowdeck'));
    const legacyUrl = `postgres://flowdeck:flowdeck@127.0.0.1:${String(port)}/flowdeck`;
    const old = await startService(testConfig(legacyUrl, dataDir), testLogger());
    const key = newApiKey();
    await withClient(legacyUrl, (client) => insertApiKey(client, key, 'team', 'from before'));
    const source = await createSampleSource(apiClient(old.url, key));
    await old.stop();
    await legacy.stop();

    const service = await startEmbedded(dataDir);
    const api = apiClient(service.url, key);
    expectStatus(await api(`/v2/sources/${String(source.id)}`), 200);
    await expectLeastPrivilege(service.databaseUrl ?? '');
    expect(await signsIn(service.databaseUrl ?? '', 'flowdeck', 'flowdeck')).toBe(false);
    await withClient(service.databaseUrl ?? '', async (client) => {
      const { rows } = await client.query(
        "SELECT c.oid::regclass::text AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname IN ('public', 'pgboss') AND c.relowner <> current_user::regrole",
      );
      expect(rows).toEqual([]);
    });
    // Runs go through the job queue, whose schema the superuser made.
    mkdirSync(join(dataDir, 'files', 'out'), { recursive: true });
    const destination = await createFilesDestination(api, join(dataDir, 'files', 'out'));
    const flow = await createFlow(api, source.id, destination.id);
    expectStatus(await api(`/v2/flows/${String(flow.id)}/run`, { method: 'POST' }), 201);
    expect(await attemptEnded(api, flow.id)).toMatchObject({ disposition: 'succeeded' });
    await stopService(service);

    // And the next start signs in with the new passwords.
    const again = await startEmbedded(dataDir);
    expectStatus(await apiClient(again.url, key)(`/v2/sources/${String(source.id)}`), 200);
  });
});
