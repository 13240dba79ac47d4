import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { DestinationStream } from 'pino';
import { inject } from 'vitest';
import { filesFolder, readConfig, type ServiceConfig } from '../config';
import { createLogger, type Logger } from '../logger';
import type { Plan } from '@/service-rules/plans';
import { USER_ROLES, type UserRole } from '@/api/roles';
import { startService, type RunningService } from '../start';
import { insertApiKey, newApiKey } from '../store/api-keys';
import { hashPassword } from '../auth/passwords';
import { SESSION_COOKIE } from '../auth/session-policy';

// The service as the tests see it: started in-process on a database of its own (on the shared test
// Postgres of global-setup.ts), with a temporary data folder, an ephemeral port and one API key per
// plan. `api` speaks HTTP to it like any client.

export interface ApiAnswer {
  status: number;
  /** The parsed JSON body, or the text when the body is not JSON (or undefined when empty). */
  body: unknown;
  headers: Headers;
}

export interface ApiOptions {
  method?: string;
  /** Sent as JSON; a string is sent as it is. */
  body?: unknown;
  /** The bearer key: a team-plan key by default, `null` for none. */
  key?: string | null;
  headers?: Record<string, string>;
}

export type Api = (path: string, options?: ApiOptions) => Promise<ApiAnswer>;

export interface TestDatabase {
  url: string;
  name: string;
  drop: () => Promise<void>;
}

export interface HarnessOptions {
  /** The verify destination bound (10 s by default, as the interface says). */
  verifyTimeoutMs?: number;
  /** The discovery bound (30 s by default). */
  discoveryTimeoutMs?: number;
  /** The first retry of a failed alert delivery (15 s by default). */
  alertRetryDelaySeconds?: number;
  /** How long a connection may stay silent (the service's IDLE_TIMEOUT_MS by default). */
  idleTimeoutMs?: number;
  /** Proxy mode: how long the upstream may take to begin an answer (the service's default otherwise). */
  upstreamAnswerTimeoutMs?: number;
  /** How long a JSON body may take to arrive whole (30 s by default). */
  bodyTimeoutMs?: number;
  /** Environment settings read as `npm start` reads them (FLOWDECK_FILE_ROOTS, FLOWDECK_BODY_LIMIT ...). */
  env?: NodeJS.ProcessEnv;
  /** Seed the demo data (off by default). */
  demo?: boolean;
  /** Run on this database instead of a new one (it is then not dropped by stop). */
  database?: TestDatabase;
  /** Use this data folder (kept by stop) instead of a new temporary one. */
  dataDir?: string;
  /** Where the service's pino logs go; dropped by default (TEST_LOG_LEVEL=debug shows them). */
  logDestination?: DestinationStream;
  logLevel?: string;
  /** The FLOWDECK_SECRET_KEY; the default is a key generated into the data folder. */
  secretKey?: string;
  publicUrl?: string;
  /** The address the service listens on (127.0.0.1 by default); tests still reach it on 127.0.0.1. */
  host?: string;
  /** FLOWDECK_CONNECTOR_ALLOW. */
  connectorAllow?: string[];
  /** The largest upload accepted (FLOWDECK_UPLOAD_LIMIT; 1 GiB by default). */
  uploadLimitBytes?: number;
}

export interface Harness {
  url: string;
  databaseUrl: string;
  dataDir: string;
  /** The folder connectors may read and write in (the default file root, `<dataDir>/files`). */
  filesDir: string;
  /** Keys created for this harness, one per plan (admin keys). */
  keys: Record<Plan, string>;
  /** Team-plan keys of each role. */
  roleKeys: Record<UserRole, string>;
  api: Api;
  /** The running service: `service.runs.tick()` runs one scheduler pass now. */
  service: RunningService;
  /** A query on the service's own database, for looking at what is stored. */
  sql: <T extends pg.QueryResultRow = Record<string, unknown>>(text: string, values?: unknown[]) => Promise<T[]>;
  stop: () => Promise<void>;
}

const adminUrl = () => inject('testPostgresUrl');

async function adminQuery(text: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl() });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** A fresh, empty database on the shared test Postgres. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const name = `test_${randomBytes(6).toString('hex')}`;
  await adminQuery(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl());
  url.pathname = `/${name}`;
  return { url: url.toString(), name, drop: () => adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

export function testLogger(options: Pick<HarnessOptions, 'logDestination' | 'logLevel'> = {}): Logger {
  const level = options.logLevel ?? (options.logDestination ? 'debug' : (process.env.TEST_LOG_LEVEL ?? 'silent'));
  return createLogger(level, options.logDestination);
}

/** The configuration a test service runs with: API only, no demo data, any free port. */
export function testConfig(databaseUrl: string, dataDir: string, options: HarnessOptions = {}): ServiceConfig {
  const fromEnv = readConfig({ ...options.env, FLOWDECK_DATA_DIR: dataDir });
  return {
    ...fromEnv,
    host: options.host ?? '127.0.0.1',
    port: 0,
    dataDir,
    databaseUrl,
    staticDir: null,
    demo: options.demo ?? false,
    secretKey: options.secretKey ?? null,
    publicUrl: options.publicUrl ?? null,
    verifyTimeoutMs: options.verifyTimeoutMs ?? fromEnv.verifyTimeoutMs,
    discoveryTimeoutMs: options.discoveryTimeoutMs ?? fromEnv.discoveryTimeoutMs,
    alertRetryDelaySeconds: options.alertRetryDelaySeconds ?? fromEnv.alertRetryDelaySeconds,
    idleTimeoutMs: options.idleTimeoutMs ?? fromEnv.idleTimeoutMs,
    upstreamAnswerTimeoutMs: options.upstreamAnswerTimeoutMs ?? fromEnv.upstreamAnswerTimeoutMs,
    bodyTimeoutMs: options.bodyTimeoutMs ?? fromEnv.bodyTimeoutMs,
    connectorAllow: options.connectorAllow ?? fromEnv.connectorAllow,
    uploadLimitBytes: options.uploadLimitBytes ?? fromEnv.uploadLimitBytes,
  };
}

export function apiClient(baseUrl: string, defaultKey: string | null): Api {
  return async (path, options = {}) => {
    const headers: Record<string, string> = { ...options.headers };
    const key = options.key === undefined ? defaultKey : options.key;
    if (key !== null) headers.authorization = `Bearer ${key}`;
    let body: string | undefined;
    if (options.body !== undefined) {
      body = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
      headers['content-type'] ??= 'application/json';
    }
    const response = await fetch(`${baseUrl}${path}`, { method: options.method ?? 'GET', headers, body });
    const text = await response.text();
    let parsed: unknown = text === '' ? undefined : text;
    try {
      parsed = text === '' ? undefined : JSON.parse(text);
    } catch {
      // not JSON: the text is the body
    }
    return { status: response.status, body: parsed, headers: response.headers };
  };
}

export async function startHarness(options: HarnessOptions = {}): Promise<Harness> {
  const database = options.database ?? (await createTestDatabase());
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'flowdeck-test-data-'));
  const service = await startService(testConfig(database.url, dataDir, options), testLogger(options));
  const keys = { team: newApiKey(), starter: newApiKey() };
  const { pool } = service;
  if (!pool) throw new Error('The test service runs without a database.');
  await insertApiKey(pool, keys.team, 'team', 'test');
  await insertApiKey(pool, keys.starter, 'starter', 'test (starter plan)');
  const roleKeys = Object.fromEntries(USER_ROLES.map((role) => [role, newApiKey()])) as Record<UserRole, string>;
  for (const role of USER_ROLES) await insertApiKey(pool, roleKeys[role], 'team', `test ${role}`, role);
  // A service listening on every address is still spoken to on loopback only.
  const url = service.url.replace(/^http:\/\/(0\.0\.0\.0|\[::\])(?=:)/, 'http://127.0.0.1');
  return {
    url,
    databaseUrl: database.url,
    dataDir,
    filesDir: filesFolder(dataDir),
    keys,
    roleKeys,
    service,
    api: apiClient(url, keys.team),
    sql: async <T extends pg.QueryResultRow>(text: string, values: unknown[] = []) => (await pool.query<T>(text, values)).rows,
    async stop() {
      await service.stop();
      if (!options.database) await database.drop();
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Polls `probe` until it answers something other than undefined; fails naming `what` after `timeoutMs`. */
export async function eventually<T>(probe: () => Promise<T | undefined>, timeoutMs = 20_000, what = 'the expected state'): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  for (;;) {
    try {
      const value = await probe();
      if (value !== undefined) return value;
    } catch (error) {
      lastError = error;
    }
    if (Date.now() > deadline) {
      const cause = lastError instanceof Error ? ` (last error: ${lastError.message})` : '';
      throw new Error(`Timed out after ${String(timeoutMs)} ms waiting for ${what}${cause}.`);
    }
    await new Promise((resolveWait) => setTimeout(resolveWait, 100));
  }
}

/** The session cookie an answer sets (`flowdeck_session=<value>`), as a client sends it back; undefined when none is set. */
export function sessionCookieOf(answer: ApiAnswer): string | undefined {
  const cookie = answer.headers.getSetCookie().find((header) => header.startsWith(`${SESSION_COOKIE}=`));
  return cookie?.split(';')[0];
}

/** A client of a browser session: its cookie and the dashboard's cross-site header on every request, no key. */
export function sessionClient(baseUrl: string, cookie: string): Api {
  const api = apiClient(baseUrl, null);
  return (path, options = {}) => api(path, { ...options, headers: { cookie, 'x-flowdeck-csrf': '1', ...options.headers } });
}

export interface SignedInPerson {
  userId: number;
  email: string;
  password: string;
  cookie: string;
  /** Speaks as this person through their session. */
  api: Api;
}

/** Makes a person with a password and signs them in with it (POST /v2/session). */
export async function signInPerson(harness: Harness, role: UserRole = 'admin'): Promise<SignedInPerson> {
  const email = `${randomBytes(6).toString('hex')}@example.com`;
  const password = `password-${randomBytes(8).toString('hex')}`;
  const [row] = await harness.sql<{ id: number }>('INSERT INTO users (email, name, role, password_hash) VALUES ($1, $2, $3, $4) RETURNING id', [
    email,
    `Person ${email}`,
    role,
    await hashPassword(password),
  ]);
  const answer = await harness.api('/v2/session', { method: 'POST', key: null, body: { email, password } });
  const cookie = sessionCookieOf(answer);
  if (!row || answer.status !== 200 || !cookie) throw new Error(`Signing in failed: ${String(answer.status)} ${JSON.stringify(answer.body)}`);
  return { userId: row.id, email, password, cookie, api: sessionClient(harness.url, cookie) };
}
