import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { migrate } from '../db/migrate';
import { createPool } from '../db/pool';
import { seedDemo } from '../demo/seed';
import { createSecretBox } from '../secrets';
import { createTestDatabase, testLogger } from './harness';

// Instances started together on an empty database (web instances deployed at once, with the demo on
// as it is by default) seed the demo once: one seeds it, the others find it there.

const database = await createTestDatabase();
/** Looks at what was stored; each instance has a pool of its own. */
const admin = createPool(database.url);
const pools = Array.from({ length: 4 }, () => createPool(database.url));
const filesDir = mkdtempSync(join(tmpdir(), 'flowdeck-seed-'));
afterAll(async () => {
  await Promise.all([admin, ...pools].map((pool) => pool.end()));
  await database.drop();
  rmSync(filesDir, { recursive: true, force: true });
});

it('is seeded once when four instances start on an empty database at the same moment', async () => {
  const logger = testLogger();
  await migrate(admin, logger);
  const box = createSecretBox(randomBytes(32));
  // Each connected already, as after its migrations: none gets a head start from connecting faster.
  await Promise.all(pools.map((pool) => pool.query('SELECT 1')));
  const seeded = await Promise.all(pools.map((pool) => seedDemo(pool, box, logger, filesDir)));

  expect(seeded.filter((keys) => keys !== null)).toHaveLength(1);
  const sql = async (text: string) => (await admin.query<Record<string, unknown>>(text)).rows;
  expect(await sql('SELECT display_name FROM sources GROUP BY display_name HAVING count(*) > 1')).toEqual([]);
  expect(await sql('SELECT display_name FROM flows GROUP BY display_name HAVING count(*) > 1')).toEqual([]);
  expect(await sql("SELECT label FROM api_keys WHERE label LIKE 'demo%' ORDER BY label")).toEqual([{ label: 'demo' }, { label: 'demo (starter plan)' }]);
});

// Issue 31: the demo's history agrees with itself. Each flow's #1 is its oldest attempt; a trigger's count
// is the runs it started, and it was created before the first of them; each scheduled flow is due next
// after its newest scheduled attempt, not in the past.
it('seeds history that agrees with itself: numbers by age, trigger counts by runs, due times ahead', async () => {
  const sql = async (text: string) => (await admin.query<Record<string, unknown>>(text)).rows;
  expect(
    await sql(`SELECT a.flow_id FROM run_attempts a JOIN run_attempts b ON a.flow_id = b.flow_id AND a.number < b.number AND a.created_at > b.created_at`),
  ).toEqual([]);
  expect(
    await sql(`SELECT t.id FROM webhook_triggers t
                WHERE t.trigger_count <> (SELECT count(*) FROM workflow_runs r WHERE r.workflow_id = t.workflow_id AND r.trigger = 'webhook')
                   OR t.created_at > (SELECT min(r.created_at) FROM workflow_runs r WHERE r.workflow_id = t.workflow_id AND r.trigger = 'webhook')
                   OR t.last_triggered_at <> (SELECT max(r.created_at) FROM workflow_runs r WHERE r.workflow_id = t.workflow_id AND r.trigger = 'webhook')`),
  ).toEqual([]);
  expect(await sql(`SELECT count(*)::int AS n FROM webhook_triggers`)).toEqual([{ n: 1 }]);
  expect(await sql(`SELECT display_name FROM flows WHERE next_run_at < now()`)).toEqual([]);
  expect(await sql(`SELECT display_name FROM flows WHERE frequency <> 'manual' AND cron IS NULL AND next_run_at IS NULL`)).toEqual([]);
});
