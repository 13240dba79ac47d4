import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { migrate } from '../db/migrate';
import { createPool } from '../db/pool';
import { createSampleSource, expectStatus } from './fixtures';
import { createTestDatabase, startHarness, testLogger, type TestDatabase } from './harness';

// Schema migrations: from an empty database on first start, nothing again on a restart, and
// instances starting together on one empty database take turns.

const MIGRATIONS_DIR = join(import.meta.dirname, '../db/migrations');
const MIGRATIONS = readdirSync(MIGRATIONS_DIR)
  .filter((name) => name.endsWith('.sql'))
  .sort();
const TABLES = [
  'alert_channels',
  'alert_deliveries',
  'api_keys',
  'attempt_log_lines',
  'audit_log',
  'card_uploads',
  'configuration_cards',
  'destination_tables',
  'destinations',
  'flow_tables',
  'flows',
  'key_addresses',
  'run_attempts',
  'schema_migrations',
  'sessions',
  'settings',
  'sources',
  'user_links',
  'users',
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

  it('006 numbers the attempts a database already has, per flow in the order they were made, and marks workflow steps', async () => {
    const database = await emptyDatabase();
    const pool = createPool(database.url);
    try {
      // The schema as it was before 006, with history in it.
      await pool.query('CREATE TABLE schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())');
      for (const name of MIGRATIONS.filter((file) => file < '006')) {
        await pool.query(readFileSync(join(MIGRATIONS_DIR, name), 'utf8'));
        await pool.query('INSERT INTO schema_migrations (name) VALUES ($1)', [name]);
      }
      await pool.query(`
        INSERT INTO sources (display_name, spec) VALUES ('s', 'sample');
        INSERT INTO destinations (display_name, spec) VALUES ('d', 'files');
        INSERT INTO flows (display_name, source_id, destination_id) VALUES ('one', 1, 1), ('two', 1, 1);
        INSERT INTO workflows (name) VALUES ('w');
        INSERT INTO workflow_runs (workflow_id, trigger, lifecycle) VALUES (1, 'scheduled', 'not_running'), (1, 'webhook', 'not_running');
        INSERT INTO run_attempts (flow_id, trigger, lifecycle, workflow_run_id, created_at) VALUES
          (1, 'manual', 'not_running', NULL, now() - interval '3 hours'),
          (2, 'scheduled', 'not_running', 1, now() - interval '5 hours'),
          (1, 'scheduled', 'not_running', 2, now() - interval '4 hours'),
          (1, 'webhook', 'not_running', 2, now() - interval '1 hour'),
          (2, 'scheduled', 'not_running', NULL, now() - interval '2 hours');
      `);
      await migrate(pool, testLogger());
      const { rows } = await pool.query<{ flow_id: number; number: number; trigger: string }>(
        'SELECT flow_id, number, trigger FROM run_attempts ORDER BY flow_id, created_at',
      );
      expect(rows).toEqual([
        { flow_id: 1, number: 1, trigger: 'workflow' },
        { flow_id: 1, number: 2, trigger: 'manual' },
        { flow_id: 1, number: 3, trigger: 'webhook' },
        { flow_id: 2, number: 1, trigger: 'workflow' },
        { flow_id: 2, number: 2, trigger: 'scheduled' },
      ]);
      // New attempts go on from there; flows start unpaused.
      await pool.query("INSERT INTO run_attempts (flow_id, trigger, lifecycle) VALUES (1, 'manual', 'not_running')");
      const { rows: newest } = await pool.query<{ number: number }>('SELECT max(number) AS number FROM run_attempts WHERE flow_id = 1');
      expect(newest[0]?.number).toBe(4);
      const { rows: flows } = await pool.query<{ paused: boolean }>('SELECT paused FROM flows');
      expect(flows).toEqual([{ paused: false }, { paused: false }]);
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
