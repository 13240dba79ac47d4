import pg from 'pg';
import type { PlainProperties } from '../properties';
import { type DestinationConnector, failure, info } from './types';

// Verify connects for real and checks the user may create tables in the target schema. Loading
// into Postgres arrives with the data-movement connectors; until then a run says so.

export function postgresClientConfig(properties: PlainProperties): pg.ClientConfig {
  return {
    host: String(properties.host ?? ''),
    port: Number(properties.port ?? 5432),
    database: String(properties.database ?? ''),
    user: String(properties.user ?? ''),
    password: String(properties.password ?? ''),
    ssl: properties.ssl === true ? { rejectUnauthorized: false } : undefined,
    connectionTimeoutMillis: 9_000,
  };
}

export const postgresDestination: DestinationConnector = {
  async verify(properties, signal) {
    const client = new pg.Client(postgresClientConfig(properties));
    const where = `${String(properties.host)}:${String(properties.port ?? 5432)}/${String(properties.database)}`;
    const abort = () => { void client.end(); };
    signal.addEventListener('abort', abort, { once: true });
    try {
      await client.connect();
      const schema = String(properties.schema ?? 'public');
      const { rows } = await client.query<{ can_create: boolean | null }>(
        "SELECT has_schema_privilege(current_user, nspname, 'CREATE') AS can_create FROM pg_namespace WHERE nspname = $1",
        [schema],
      );
      const canCreate = rows[0]?.can_create;
      return [
        info('connection', `Connected to ${where} as ${String(properties.user)}.`),
        canCreate === undefined || canCreate === null
          ? failure('permissions', `Schema ${schema} does not exist.`)
          : canCreate
            ? info('permissions', `User ${String(properties.user)} can create tables in schema ${schema}.`)
            : failure('permissions', `User ${String(properties.user)} cannot create tables in schema ${schema}.`),
      ];
    } catch (error) {
      return [failure('connection', `Cannot connect to ${where}: ${(error as Error).message}`)];
    } finally {
      signal.removeEventListener('abort', abort);
      await client.end().catch(() => undefined);
    }
  },
  open() {
    return Promise.reject(new Error('Loading into PostgreSQL is not available in this service yet.'));
  },
};
