import { join } from 'node:path';
import { one, type Pool } from '../db/pool';
import type { Logger } from '../logger';
import { applyProperties } from '../properties';
import { sourceSpec, destinationSpec } from '@/catalogue/connector-specs';
import type { SecretBox } from '../secrets';
import { insertApiKey } from '../store/api-keys';
import { newWebhookId } from '../store/webhooks';
import { nextRunAt } from '../runs/schedule';

// Demo data for the first start on an empty database: sources, destinations, flows on schedules,
// a workflow with a Slack trigger and past run attempts. Runs of these flows really move rows from
// the sample source into files under <first allowed folder>/exports (by default <data dir>/files/exports).

export const DEMO_KEYS = { team: 'flowdeck-demo-key', starter: 'flowdeck-starter-key' } as const;

const HOUR = 3_600_000;

async function isEmpty(db: Pool): Promise<boolean> {
  const { rows } = await db.query<{ n: number }>('SELECT (SELECT count(*) FROM api_keys) + (SELECT count(*) FROM sources) AS n');
  return rows[0]?.n === 0;
}

export async function seedDemo(db: Pool, box: SecretBox, logger: Logger, filesDir: string): Promise<{ team: string; starter: string } | null> {
  if (!(await isEmpty(db))) return null;
  await insertApiKey(db, DEMO_KEYS.team, 'team', 'demo');
  await insertApiKey(db, DEMO_KEYS.starter, 'starter', 'demo (starter plan)');
  const exports = join(filesDir, 'exports');

  const source = async (displayName: string, spec: string, properties: Record<string, string | number | boolean>) => {
    const definitions = sourceSpec(spec)?.propertyDefinitions ?? [];
    const { rows } = await db.query<{ id: number }>(
      'INSERT INTO sources (display_name, spec, properties, discovery_status, discovery_at, discovered) VALUES ($1, $2, $3, $4, now(), $5) RETURNING id',
      [
        displayName,
        spec,
        applyProperties(definitions, {}, properties, box),
        spec === 'sample' ? 'succeeded' : 'required',
        JSON.stringify(
          spec === 'sample'
            ? ['customers', 'products', 'orders'].map((name) => ({
                name,
                category: 'table',
                notes: null,
                suppressed: false,
                maskedByDefault: name === 'customers',
              }))
            : [],
        ),
      ],
    );
    return one(rows).id;
  };
  const destination = async (displayName: string, spec: string, properties: Record<string, string | number | boolean>) => {
    const definitions = destinationSpec(spec)?.propertyDefinitions ?? [];
    const { rows } = await db.query<{ id: number }>('INSERT INTO destinations (display_name, spec, properties) VALUES ($1, $2, $3) RETURNING id', [
      displayName,
      spec,
      applyProperties(definitions, {}, properties, box),
    ]);
    return one(rows).id;
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
  const bucket = await destination('Archive bucket', 'files', { bucket_url: 's3://flowdeck-demo-archive', format: 'jsonl' });
  await destination('Reporting database', 'postgres', { host: 'reporting.internal.example', port: 5432, database: 'reporting', user: 'loader' });

  const flow = async (displayName: string, sourceId: number, destinationId: number, schedule: { frequency?: string; cron?: string }) => {
    const frequency = schedule.frequency ?? null;
    const cron = schedule.cron ?? null;
    const { rows } = await db.query<{ id: number }>(
      'INSERT INTO flows (display_name, source_id, destination_id, frequency, cron, next_run_at) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id',
      [displayName, sourceId, destinationId, frequency, cron, nextRunAt({ frequency, cron })],
    );
    return one(rows).id;
  };
  const shopToFiles = await flow('Shop orders to files', shop, jsonl, { frequency: '6h' });
  const shopToCsv = await flow('Shop orders to CSV', shop, csv, { cron: '0 2 * * *' });
  const quickSync = await flow('Quick sample sync', quick, jsonl, { frequency: 'manual' });
  const archive = await flow('Archive to bucket', quick, bucket, { frequency: '24h' });
  await flow('Large sample backfill', big, jsonl, { frequency: 'manual' });
  await flow('Weekday CSV export', quick, csv, { cron: '30 6 * * 1-5' });

  // Past attempts, so the dashboard has history to show on the first visit.
  const attempt = async (flowId: number, hoursAgo: number, outcome: 'succeeded' | 'failed', trigger: string, rows: number, errors: string[] = []) => {
    const created = new Date(Date.now() - hoursAgo * HOUR);
    const completed = new Date(created.getTime() + 9_000);
    const counts =
      outcome === 'succeeded'
        ? [
            ['customers', 0.2],
            ['products', 0.05],
            ['orders', 0.75],
          ].map(([name, share]) => {
            const n = Math.round(rows * (share as number));
            return { name, extracted: n, analyzed: n, loaded: n };
          })
        : null;
    await db.query(
      "INSERT INTO run_attempts (flow_id, trigger, lifecycle, disposition, resources, errors, created_at, completed_at) VALUES ($1, $2, 'not_running', $3, $4, $5, $6, $7)",
      [flowId, trigger, outcome, counts ? JSON.stringify(counts) : null, JSON.stringify(errors), created, completed],
    );
  };
  for (const hoursAgo of [30, 24, 18, 12, 6]) await attempt(shopToFiles, hoursAgo, 'succeeded', 'scheduled', 40_000);
  await attempt(shopToCsv, 22, 'succeeded', 'scheduled', 40_000);
  await attempt(quickSync, 3, 'succeeded', 'manual', 2_000);
  const s3Error = 'customers: Only local folders and file:// addresses can be written by this service; "s3://flowdeck-demo-archive" is a remote bucket.';
  await attempt(archive, 20, 'failed', 'scheduled', 0, [s3Error]);

  const { rows: workflows } = await db.query<{ id: number }>(
    `INSERT INTO workflows (name, description, enabled, definition, frequency, cron, node_schemas, next_run_at)
     VALUES ($1, $2, true, $3, NULL, '0 3 * * *', NULL, $4) RETURNING id`,
    [
      'Nightly shop refresh',
      'Exports the shop tables as JSON lines, then as CSV for the finance team.',
      JSON.stringify({
        steps: [
          { id: 'jsonl', flow: shopToFiles },
          { id: 'csv', flow: shopToCsv, after: ['jsonl'] },
        ],
      }),
      nextRunAt({ frequency: null, cron: '0 3 * * *' }),
    ],
  );
  const workflowId = one(workflows).id;
  await db.query(
    `INSERT INTO workflows (name, description, enabled, definition, frequency, cron, node_schemas)
     VALUES ('Quarterly backfill', 'Reloads the large sample. Disabled between quarters.', false, $1, 'manual', '', NULL)`,
    [JSON.stringify({ steps: [{ id: 'backfill', flow: quickSync }] })],
  );
  await db.query(
    "INSERT INTO webhook_triggers (webhook_id, workflow_id, provider, event_type, trigger_count, last_triggered_at) VALUES ($1, $2, 'slack', 'app_mention', 3, now() - interval '5 hours')",
    // Random per data folder like every trigger's: the id in the URL is the trigger's only credential.
    [newWebhookId(), workflowId],
  );
  logger.info('demo data seeded');
  return { ...DEMO_KEYS };
}
