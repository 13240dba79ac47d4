import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { type AddressInfo, createServer as createTcpServer, type Socket } from 'node:net';
import { DuckDBInstance } from '@duckdb/node-api';
import pg from 'pg';
import { randomBytes } from 'node:crypto';
import { expect, inject } from 'vitest';
import { dataOf, listOf } from '@/api/common';
import { destinationSchema } from '@/api/destinations';
import { type RunAttempt, runAttemptSchema } from '@/api/flows';
import { sourceSchema } from '@/api/sources';
import { createFlow } from './fixtures';
import { eventually, type Harness, type TestDatabase } from './harness';

// Real systems for connector tests: databases on the "external" Postgres, DuckDB files, local HTTP servers.

type Api = Harness['api'];
type Properties = Record<string, string | number | boolean>;

/** Connection properties (as the postgres specs name them) for a database URL. */
export function postgresProperties(url: string, extra: Properties = {}): Properties {
  const parsed = new URL(url);
  return {
    host: parsed.hostname,
    port: Number(parsed.port),
    database: parsed.pathname.slice(1),
    user: decodeURIComponent(parsed.username),
    password: decodeURIComponent(parsed.password),
    ...extra,
  };
}

/**
 * A fresh, empty database on the second test Postgres (global-setup.ts): a database the connectors
 * may reach. The test services' own server is refused to them, as any service's own database is.
 */
export async function createExternalDatabase(): Promise<TestDatabase> {
  const admin = inject('externalPostgresUrl');
  const name = `external_${randomBytes(6).toString('hex')}`;
  await sql(admin, `CREATE DATABASE ${name}`);
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    drop: async () => {
      await sql(admin, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

export async function sql<T extends pg.QueryResultRow = Record<string, unknown>>(url: string, text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

export async function duckQuery(path: string, text: string): Promise<unknown[][]> {
  const instance = await DuckDBInstance.create(path);
  const connection = await instance.connect();
  try {
    return (await connection.runAndReadAll(text)).getRows();
  } finally {
    connection.closeSync();
    instance.closeSync();
  }
}

export async function createSource(api: Api, sourceSpec: string, properties: Properties) {
  const answer = await api('/v2/sources', { method: 'POST', body: { sourceSpec, displayName: `Test ${sourceSpec}`, properties } });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return dataOf(sourceSchema).parse(answer.body);
}

export async function createDestination(api: Api, destinationSpec: string, properties: Properties) {
  const answer = await api('/v2/destinations', { method: 'POST', body: { destinationSpec, displayName: `Test ${destinationSpec}`, properties } });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return dataOf(destinationSchema).parse(answer.body);
}

/**
 * Creates a manual flow (`flow`: its other fields; `namespace: null` writes into the destination's
 * default namespace, a new flow's own otherwise), runs it and waits until its attempt ends.
 */
export async function runToEnd(api: Api, sourceId: number, destinationId: number, timeoutMs = 30_000, flow: Record<string, unknown> = {}): Promise<RunAttempt> {
  const created = await createFlow(api, sourceId, destinationId, flow);
  return runAgain(api, created.id, timeoutMs);
}

/** Runs a flow and waits until its attempt ends. */
export async function runAgain(api: Api, flowId: number, timeoutMs = 30_000): Promise<RunAttempt> {
  const answer = await api(`/v2/flows/${String(flowId)}/run`, { method: 'POST' });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return eventually(
    async () => {
      const attempts = listOf(runAttemptSchema);
      const answer = await api(`/v2/flows/${String(flowId)}/run?limit=1`);
      const [attempt] = dataOf(attempts).parse(answer.body);
      return attempt?.lifecycle === 'not_running' ? attempt : undefined;
    },
    timeoutMs,
    'the run to end',
  );
}

export function counts(attempt: RunAttempt): Record<string, number> {
  return Object.fromEntries(attempt.resources.map((resource) => [resource.name, resource.loaded]));
}

export interface LocalServer {
  url: string;
  close: () => Promise<void>;
}

export async function localHttpServer(handler: (request: IncomingMessage, response: ServerResponse) => void): Promise<LocalServer> {
  const server: Server = createServer(handler);
  await new Promise<void>((resolveListen) => server.listen(0, '127.0.0.1', resolveListen));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${String(port)}`,
    close: () =>
      new Promise((resolveClose) => {
        server.closeAllConnections();
        server.close(() => {
          resolveClose();
        });
      }),
  };
}

export interface SilentServer {
  port: number;
  close: () => Promise<void>;
}

/** A server that accepts connections and never answers: the slowest server there is (a source or destination that hangs). */
export async function silentServer(): Promise<SilentServer> {
  const sockets = new Set<Socket>();
  const server = createTcpServer((socket) => {
    sockets.add(socket);
  });
  await new Promise<void>((resolveListen) => server.listen(0, '127.0.0.1', resolveListen));
  return {
    port: (server.address() as AddressInfo).port,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolveClose) => server.close(resolveClose));
    },
  };
}
