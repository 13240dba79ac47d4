import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { migrate } from '../db/migrate';
import { createPool } from '../db/pool';
import { createSampleSource, expectStatus } from './fixtures';
import { createTestDatabase, startHarness, testLogger, type TestDatabase } from './harness';

// Schema migrations: from an empty database on first start, nothing again on a restart, and
// instances starting together on one empty database take turns.

const MIGRATIONS = readdirSync(join(import.meta.dirname, '../db/migrations'))
  .filter((name) => name.endsWith('.sql'))
  .sort();
const TABLES = [
  'api_keys',
  'configuration_cards',
  'destinations',
  'flows',
  'run_attempts',
  'schema_migrations',
  'sources',
  'webhook_receipts',
  'webhook_triggers',
  'workflow_run_steps',
  'workflow_runs',
  'workflows',
];
const databases: TestDatabase[] = [];
afterAll(async () => {
  for (const database of databases) await database.drop();
});

async function emptyDatabase() {
  const database = await createTestDatabase();
  databases.push(database);
  return database;
}

describe('migrations', () => {
  it('build the whole schema from an empty database on the first start', async () => {
    const database = await emptyDatabase();
    const service = await startHarness({ database });
    try {
      const tables = await service.sql<{ table_name: string }>(
        "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY table_name",
      );
      expect(tables.map((row) => row.table_name)).toEqual(TABLES);
      const applied = await service.sql<{ name: string }>('SELECT name FROM schema_migrations ORDER BY name');
      expect(applied.map((row) => row.name)).toEqual(MIGRATIONS);
      expectStatus(await service.api('/v2/flows'), 200);
    } finally {
      await service.stop();
    }
  });

  it('apply nothing on a restart and keep the data', async () => {
    const database = await emptyDatabase();
    const first = await startHarness({ database });
    const source = await createSampleSource(first.api);
    const [before] = await first.sql<{ applied_at: Date }>('SELECT max(applied_at) AS applied_at FROM schema_migrations');
    await first.stop();

    const second = await startHarness({ database });
    try {
      expectStatus(await second.api(`/v2/sources/${String(source.id)}`), 200);
      const [after] = await second.sql<{ applied_at: Date; n: number }>('SELECT max(applied_at) AS applied_at, count(*)::int AS n FROM schema_migrations');
      expect(after?.n).toBe(MIGRATIONS.length);
      expect(after?.applied_at).toEqual(before?.applied_at);
    } finally {
      await second.stop();
    }
    const pool = createPool(database.url);
    try {
      expect(await migrate(pool, testLogger())).toEqual([]);
    } finally {
      await pool.end();
    }
  });

  it('run once when several instances migrate one empty database at the same moment', async () => {
    const database = await emptyDatabase();
    const pools = Array.from({ length: 3 }, () => createPool(database.url));
    try {
      const results = await Promise.all(pools.map((pool) => migrate(pool, testLogger())));
      expect(results.flat().sort()).toEqual(MIGRATIONS);
      const { rows } = (await pools[0]?.query<{ n: number }>('SELECT count(*)::int AS n FROM schema_migrations')) ?? { rows: [] };
      expect(rows[0]?.n).toBe(MIGRATIONS.length);
    } finally {
      await Promise.all(pools.map((pool) => pool.end()));
    }
  });
});
