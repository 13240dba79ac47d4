import { isIP } from 'node:net';
import pg from 'pg';
import type { PlainProperties } from '../properties';
import { RefusedTarget } from '@/service-rules/errors';
import { checkedAddresses, checkLiteralTarget } from '../security/network-guard';
import { failure, info, type VerificationMessage } from './types';

// Connections of the postgres source and destination. The host is resolved and checked by the
// network guard first, then the client connects to the checked address (TLS still names the host),
// so a name that resolves elsewhere later cannot lead it to the service's own database.

const CONNECT_TIMEOUT_MS = 9_000;
/** Errors that say this address did not answer, so the next address of the name is worth a try. */
const UNREACHABLE = new Set(['ECONNREFUSED', 'EHOSTUNREACH', 'ENETUNREACH', 'EADDRNOTAVAIL', 'ETIMEDOUT']);

const hostOf = (properties: PlainProperties) => String(properties.host ?? '').trim();
const portOf = (properties: PlainProperties) => Number(properties.port ?? 5432);

export const describePostgres = (properties: PlainProperties) => `${String(properties.host)}:${String(properties.port ?? 5432)}/${String(properties.database)}`;

function clientConfig(properties: PlainProperties, address: string): pg.ClientConfig {
  const host = hostOf(properties);
  return {
    host: address,
    port: portOf(properties),
    database: String(properties.database ?? ''),
    user: String(properties.user ?? ''),
    password: String(properties.password ?? ''),
    ssl: properties.ssl === true ? { rejectUnauthorized: false, ...(isIP(host) === 0 ? { servername: host } : {}) } : undefined,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
  };
}

/** A socket path would reach a local server without TCP, past every address check. */
function refuseSocketPath(host: string): void {
  if (host.startsWith('/'))
    throw new RefusedTarget(`Postgres host ${host} is a socket path; connectors connect over TCP only: give a host name or IP address.`);
}

/** The check of stored settings: a socket path or a refused literal address is refused at once. */
export async function checkPostgresTarget(properties: PlainProperties): Promise<void> {
  const host = hostOf(properties);
  if (host === '') return;
  refuseSocketPath(host);
  await checkLiteralTarget(host, portOf(properties));
}

/**
 * A connected client on an address the network guard allowed (a RefusedTarget otherwise); tries the
 * host's next address when one does not answer. Aborting `signal` ends a connection attempt.
 */
export async function connectPostgres(properties: PlainProperties, signal?: AbortSignal): Promise<pg.Client> {
  const host = hostOf(properties);
  refuseSocketPath(host);
  const addresses = await checkedAddresses(host, portOf(properties));
  let lastError: unknown = null;
  for (const address of addresses) {
    const client = new pg.Client(clientConfig(properties, address));
    const abort = () => {
      void client.end();
    };
    signal?.addEventListener('abort', abort, { once: true });
    try {
      await client.connect();
      return client;
    } catch (error) {
      await client.end().catch(() => undefined);
      lastError = error;
      if (!UNREACHABLE.has((error as NodeJS.ErrnoException).code ?? '')) break;
    } finally {
      signal?.removeEventListener('abort', abort);
    }
  }
  throw lastError;
}

/**
 * Verify for both postgres connectors: connect (through the network guard), then `check` what the
 * connector needs with the connected client; a failure at either step is one clear message.
 */
export async function verifyPostgres(
  properties: PlainProperties,
  signal: AbortSignal,
  check: (client: pg.Client, schema: string, connected: VerificationMessage) => Promise<VerificationMessage[]>,
): Promise<VerificationMessage[]> {
  const where = describePostgres(properties);
  let client: pg.Client;
  try {
    client = await connectPostgres(properties, signal);
  } catch (error) {
    return [failure('connection', error instanceof RefusedTarget ? error.message : `Cannot connect to ${where}: ${(error as Error).message}`)];
  }
  const abort = () => {
    void client.end();
  };
  signal.addEventListener('abort', abort, { once: true });
  try {
    const connected = info('connection', `Connected to ${where} as ${String(properties.user)}.`);
    return await check(client, String(properties.schema ?? 'public'), connected);
  } catch (error) {
    return [failure('connection', `Cannot use ${where}: ${(error as Error).message}`)];
  } finally {
    signal.removeEventListener('abort', abort);
    await client.end().catch(() => undefined);
  }
}
