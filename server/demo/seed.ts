import { join } from 'node:path';
import { sourceSpec, destinationSpec } from '@/catalogue/connector-specs';
import { tableName } from '@/service-rules/flow-tables';
import { DEMO_KEYS } from '@/service-rules/plans';
import { DEMO_SEED_LOCK, withSessionLock } from '../db/advisory-locks';
import type { Pool } from '../db/pool';
import type { Logger } from '../logger';
import { applyProperties } from '../properties';
import { INTERRUPTED } from '../runs/recovery';
import { nextRunAt } from '../runs/schedule';
import type { SecretBox } from '../secrets';
import { insertApiKey } from '../store/api-keys';
import { insertFiredSlackTrigger, insertPastAttempt, isEmptyDatabase } from '../store/demo';
import { destinationStore } from '../store/destinations';
import { insertFlow } from '../store/flows';
import { setDiscovery, sourceStore } from '../store/sources';
import { insertWorkflow } from '../store/workflows';

// Demo data for the first start on an empty database: sources, destinations, flows on schedules,
// a workflow with a Slack trigger and past run attempts. Runs of these flows really move rows from
// the sample source into files under <first allowed folder>/exports (by default <data dir>/files/exports).

const HOUR = 3_600_000;

/**
 * Seeds the demo into an empty database and answers its keys; null when the database has data. Instances
 * started together on one empty database take turns under a lock: the first seeds, the others find it seeded.
 */
export function seedDemo(db: Pool, box: SecretBox, logger: Logger, filesDir: string): Promise<{ team: string; starter: string } | null> {
  return withSessionLock(db, DEMO_SEED_LOCK, async (client) => ((await isEmptyDatabase(client)) ? seedEmptyDatabase(db, box, logger, filesDir) : null));
}

async function seedEmptyDatabase(db: Pool, box: SecretBox, logger: Logger, filesDir: string): Promise<{ team: string; starter: string }> {
  await insertApiKey(db, DEMO_KEYS.team, 'team', 'demo');
  await insertApiKey(db, DEMO_KEYS.starter, 'starter', 'demo (starter plan)');
  const exports = join(filesDir, 'exports');

  const source = async (displayName: string, spec: string, properties: Record<string, string | number | boolean>) => {
    const definitions = sourceSpec(spec)?.propertyDefinitions ?? [];
    const row = await sourceStore.insert(db, { displayName, spec, properties: applyProperties(definitions, {}, properties, box) });
    // The sample source's tables are known without looking; the others wait for their first discovery.
    const discovered =
      spec === 'sample'
        ? ['customers', 'products', 'orders'].map((name) => ({
            name,
            category: 'table',
            notes: null,
            suppressed: false,
            maskedByDefault: name === 'customers',
          }))
        : [];
    await setDiscovery(db, row.id, { status: spec === 'sample' ? 'succeeded' : 'required', error: null, discovered });
    return row.id;
  };
  const destination = async (displayName: string, spec: string, properties: Record<string, string | number | boolean>) => {
    const definitions = destinationSpec(spec)?.propertyDefinitions ?? [];
    return (await destinationStore.insert(db, { displayName, spec, properties: applyProperties(definitions, {}, properties, box) })).id;
  };

  const shop = await source('Shop sample data', 'sample', { seed: 42, row_count: 40_000, rows_per_second: 5_000 });
  const quick = await source('Quick sample', 'sample', { seed: 7, row_count: 2_000 });
  const big = await source('Large sample', 'sample', { seed: 1, row_count: 1_000_000, rows_per_second: 20_000 });
  await source('Orders database', 'postgres', {
    host: 'db.internal.example',
    port: 5432,
    database: 'orders',
    user: 'flowdeck_reader',
    password: 'demo-password-not-real',
  });
  await source('Billing API', 'rest_api', { base_url: 'https://billing.example.com/v1', endpoints: 'invoices\ncustomers' });

  const jsonl = await destination('Local files (JSON lines)', 'files', { bucket_url: join(exports, 'jsonl'), format: 'jsonl' });
  const csv = await destination('Local files (CSV)', 'files', { bucket_url: join(exports, 'csv'), format: 'csv' });
  const parquet = await destination('Archive (Parquet)', 'files', { bucket_url: join(exports, 'parquet'), format: 'parquet' });
  await destination('Reporting database', 'postgres', { host: 'reporting.internal.example', port: 5432, database: 'reporting', user: 'loader' });

  const flow = async (displayName: string, sourceId: number, destinationId: number, schedule: { frequency?: string; cron?: string }) => {
    const frequency = schedule.frequency ?? null;
    const cron = schedule.cron ?? null;
    // Each in a namespace of its own, named after it, as a flow made through the API is.
    const tables = { namespace: tableName(displayName), tablePrefix: '', schemaChanges: 'propagate' as const, resourceModes: [] };
    return (await insertFlow(db, { displayName, sourceId, destinationId, frequency, cron, nextRunAt: nextRunAt({ frequency, cron }), ...tables })).id;
  };
  const shopToFiles = await flow('Shop orders to files', shop, jsonl, { frequency: '6h' });
  const shopToCsv = await flow('Shop orders to CSV', shop, csv, { cron: '0 2 * * *' });
  const quickSync = await flow('Quick sample sync', quick, jsonl, { frequency: 'manual' });
  const archive = await flow('Archive to Parquet', quick, parquet, { frequency: '24h' });
  await flow('Large sample backfill', big, jsonl, { frequency: 'manual' });
  await flow('Weekday CSV export', quick, csv, { cron: '30 6 * * 1-5' });

  // Past attempts, so the dashboard has history to show on the first visit.
  const attempt = async (flowId: number, hoursAgo: number, outcome: 'succeeded' | 'failed', trigger: string, rows: number, errors: string[] = []) => {
    const created = new Date(Date.now() - hoursAgo * HOUR);
    const completed = new Date(created.getTime() + 9_000);
    const shares = { customers: 0.2, products: 0.05, orders: 0.75 };
    const counts =
      outcome === 'succeeded'
        ? Object.entries(shares).map(([name, share]) => {
            const n = Math.round(rows * share);
            return { name, extracted: n, analyzed: n, loaded: n, written: n, committed: true };
          })
        : null;
    await insertPastAttempt(db, { flowId, trigger, disposition: outcome, resources: counts, errors, createdAt: created, completedAt: completed });
  };
  for (const hoursAgo of [30, 24, 18, 12, 6]) await attempt(shopToFiles, hoursAgo, 'succeeded', 'scheduled', 40_000);
  await attempt(shopToCsv, 22, 'succeeded', 'scheduled', 40_000);
  await attempt(quickSync, 3, 'succeeded', 'manual', 2_000);
  // A failure the service really reports: the run was under way when the service stopped (recovery.ts).
  await attempt(archive, 20, 'failed', 'scheduled', 0, [INTERRUPTED]);
  await attempt(archive, 44, 'succeeded', 'scheduled', 2_000);

  const nightly = { frequency: null, cron: '0 3 * * *' };
  const workflow = await insertWorkflow(db, {
    name: 'Nightly shop refresh',
    description: 'Exports the shop tables as JSON lines, then as CSV for the finance team.',
    enabled: true,
    definition: {
      steps: [
        { id: 'jsonl', flow: shopToFiles },
        { id: 'csv', flow: shopToCsv, after: ['jsonl'] },
      ],
    },
    ...nightly,
    nodeSchemas: null,
    nextRunAt: nextRunAt(nightly),
  });
  await insertWorkflow(db, {
    name: 'Quarterly backfill',
    description: 'Reloads the large sample. Disabled between quarters.',
    enabled: false,
    definition: { steps: [{ id: 'backfill', flow: quickSync }] },
    frequency: 'manual',
    cron: '',
    nodeSchemas: null,
    nextRunAt: null,
  });
  await insertFiredSlackTrigger(db, workflow.id, 'app_mention', 3, new Date(Date.now() - 5 * HOUR));
  logger.info('demo data seeded');
  return { ...DEMO_KEYS };
}
