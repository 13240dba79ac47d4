import { DESTINATION_SPECS, SOURCE_SPECS } from '@/catalogue/connector-specs';
import { newFlowNamespace } from '@/service-rules/flow-tables';
import type { FlowFields } from '@/service-rules/wire';
import type { DestinationRecord, FlowRecord, FlowRunRecord, FlowTableRecord, MockState, SourceRecord, WorkflowRecord, WorkflowRunRecord } from './records';
import { BAD_PASSWORD, SLOW_HOST, runResources, sourceFailure } from './rules';
import { DAY, HOUR, MINUTE, scheduleIntervalMs } from './schedule';
import { seedWorkflows } from './seed-workflows';
import { workflowRunRecord } from './workflow-runs';
import { seedTeam } from './team';

/** Ids a UI developer or a test can rely on in a freshly seeded mock. */
export const SEED = {
  /** Source with the bad password: its flows (3 and 10) and workflow 2 always fail. */
  badPasswordSourceId: 2,
  failingFlowId: 3,
  /** Discovery is `in_progress` for `discoveryMs` after the db is (re)created, then `completed`. */
  discoveringSourceId: 4,
  /** Source with no user and password yet; the valid card points at it. */
  incompleteSourceId: 6,
  /** Verify answers 504 Request Timeout (host slow.example). */
  slowDestinationId: 4,
  /** Verify lists missing required properties. */
  incompleteDestinationId: 5,
  /** Has a long-running attempt (about 20 minutes) from the start. */
  runningFlowId: 14,
  /** Never run. */
  idleFlowId: 13,
  /** Paused: keeps its weekly cron but does not run on it. */
  pausedFlowId: 12,
  /** Its history has attempts a workflow (#2) and a webhook (#3) started. */
  workflowStepFlowId: 1,
  succeedingWorkflowId: 1,
  failingWorkflowId: 2,
  disabledWorkflowId: 3,
  runningWorkflowId: 4,
  validCardHash: 'Qm9vdHN0cmFwLWNhcmQtdjE',
  expiredCardHash: 'RXhwaXJlZC1jYXJkLXYxXzI',
} as const;

function daysAgo(now: number, days: number): number {
  return now - days * DAY;
}

function seedSources(now: number, discoveryMs: number): SourceRecord[] {
  const done = (id: number) => ({ startedAt: daysAgo(now, 20) + id * HOUR, durationMs: 40_000, error: null });
  const base = (id: number) => ({ id, createdAt: daysAgo(now, 40 - id * 3), updatedAt: daysAgo(now, 10 - id), discovery: done(id), resolverChoice: {} });
  return [
    {
      ...base(1),
      displayName: 'Production orders DB',
      spec: 'postgres',
      properties: { host: 'db.prod.internal', port: 5432, database: 'orders', user: 'flowdeck_reader', password: 's3cret-orders', ssl: true },
      resources: ['orders', 'order_items', 'customers', 'audit_log'],
    },
    {
      ...base(2),
      displayName: 'Legacy CRM',
      spec: 'postgres',
      properties: { host: 'crm.internal', port: 5432, database: 'crm', user: 'crm_reader', password: BAD_PASSWORD, ssl: false },
      resources: ['accounts', 'contacts', 'opportunities'],
      discovery: { ...done(2), error: 'password authentication failed for user "crm_reader"', before: daysAgo(now, 30) },
    },
    {
      ...base(3),
      displayName: 'Billing API',
      spec: 'rest_api',
      properties: {
        base_url: 'https://api.billing.example.com/v1',
        endpoints: 'invoices\ncustomers\nsubscriptions',
        token: 'tok_live_51HbillingDemo',
        start_date: '2024-01-01',
      },
      resources: ['invoices', 'customers', 'subscriptions'],
    },
    {
      ...base(4),
      displayName: 'GitHub (acme)',
      spec: 'rest_api',
      properties: { base_url: 'https://api.github.com/repos/acme/flowdeck', endpoints: 'issues\npulls\ncommits', token: 'github_pat_demo' },
      resources: ['issues', 'pulls', 'commits'],
      discovery: { startedAt: now, durationMs: discoveryMs, error: null },
    },
    {
      ...base(5),
      displayName: 'Demo sample data',
      spec: 'sample',
      properties: { seed: 42, row_count: 10_000, since: '2024-06-01T00:00:00Z', daily_at: '02:30' },
      resources: ['events', 'users'],
    },
    {
      ...base(6),
      displayName: 'Partner stock database',
      spec: 'postgres',
      properties: { host: 'db.partner.example', port: 5432, database: 'stock', schema: 'outgoing' },
      resources: ['daily_stock', 'prices'],
    },
  ];
}

const FLOW_FIELDS: FlowFields[] = [
  { id: 1, displayName: 'Orders to warehouse', source: 1, destination: 1, frequency: '1h', cron: null, paused: false },
  { id: 2, displayName: 'Orders to reporting', source: 1, destination: 2, frequency: null, cron: '0 */6 * * *', paused: false },
  { id: 3, displayName: 'CRM to warehouse', source: 2, destination: 1, frequency: '24h', cron: null, paused: false },
  { id: 4, displayName: 'Billing to warehouse', source: 3, destination: 1, frequency: '6h', cron: null, paused: false },
  { id: 5, displayName: 'Billing to data lake', source: 3, destination: 3, frequency: null, cron: '*/15 * * * *', paused: false },
  { id: 6, displayName: 'GitHub to warehouse', source: 4, destination: 1, frequency: '12h', cron: null, paused: false },
  { id: 7, displayName: 'Sample data to warehouse', source: 5, destination: 1, frequency: 'manual', cron: null, paused: false },
  { id: 8, displayName: 'Sample data to data lake', source: 5, destination: 3, frequency: '30m', cron: null, paused: false },
  { id: 9, displayName: 'Orders to data lake', source: 1, destination: 3, frequency: '15m', cron: null, paused: false },
  { id: 10, displayName: 'CRM to reporting', source: 2, destination: 2, frequency: null, cron: '30 2 * * *', paused: false },
  { id: 11, displayName: 'Billing to reporting', source: 3, destination: 2, frequency: 'manual', cron: null, paused: false },
  { id: 12, displayName: 'GitHub to data lake', source: 4, destination: 3, frequency: null, cron: '0 0 * * 1', paused: true },
  { id: 13, displayName: 'Partner stock to partner warehouse', source: 6, destination: 4, frequency: 'manual', cron: null, paused: false },
  { id: 14, displayName: 'Sample backfill to reporting', source: 5, destination: 2, frequency: '1h', cron: null, paused: false },
];

/**
 * A flow as the service stores one: by default made after namespaces existed (its own namespace, named from
 * it; its resources replaced at each run). `fields` may say otherwise (a flow from before: namespace null).
 */
export function flowRecord(fields: FlowFields & Partial<FlowRecord>): FlowRecord {
  return {
    namespace: newFlowNamespace(fields.displayName, []),
    tablePrefix: '',
    schemaChanges: 'propagate',
    resourceModes: [],
    defaultSyncMode: 'full_refresh_overwrite',
    ...fields,
  };
}

/**
 * The seeded flows. The first of each destination is from before namespaces and modes: it writes into the
 * destination's default namespace and appends, as flows did then. Orders to warehouse keeps its orders
 * deduplicated by key and its items appended past a cursor; Sample data to warehouse its events incrementally.
 */
const FROM_BEFORE = { namespace: null, defaultSyncMode: 'full_refresh_append' } as const;
const TABLE_FIELDS: Record<number, Partial<FlowRecord>> = {
  1: {
    ...FROM_BEFORE,
    resourceModes: [
      { name: 'orders', syncMode: 'incremental_deduped', cursorField: 'updated_at', primaryKey: null },
      { name: 'order_items', syncMode: 'incremental_append', cursorField: 'order_id', primaryKey: null },
    ],
  },
  2: FROM_BEFORE,
  5: FROM_BEFORE,
  7: { resourceModes: [{ name: 'events', syncMode: 'incremental_append', cursorField: 'occurred_at', primaryKey: null }] },
  13: FROM_BEFORE,
};

const FLOWS: FlowRecord[] = FLOW_FIELDS.map((fields) => flowRecord({ ...fields, ...TABLE_FIELDS[fields.id] }));

/** A column change the demo's warehouse met on its customers table three days ago (propagated). */
function seedFlowTables(now: number): FlowTableRecord[] {
  return [
    {
      flow: 1,
      resource: 'customers',
      resetAt: 0,
      generation: 0,
      schemaChange: {
        at: daysAgo(now, 3),
        added: [{ name: 'country', type: 'text' }],
        removed: ['fax'],
        changed: [{ name: 'id', from: 'integer', to: 'bigint' }],
      },
    },
  ];
}

/** A transient failure sprinkled into otherwise healthy history, so lists show a mix. */
const FLAKY_ERRORS = ['Rate limit exceeded on GET /invoices (HTTP 429); gave up after 5 retries.'];

function seedFlowRuns(now: number, sources: SourceRecord[]): FlowRunRecord[] {
  const runs: FlowRunRecord[] = [];
  let id = 1;
  for (const flow of FLOWS) {
    const source = sources.find((candidate) => candidate.id === flow.source);
    if (!source || flow.id === SEED.idleFlowId) continue;
    const interval = scheduleIntervalMs(flow.frequency, flow.cron);
    const count = 2 + ((flow.id * 5) % 6);
    let number = 0;
    for (let k = count; k >= 1; k -= 1) {
      const runId = id++;
      number += 1;
      const manual = interval === null || (k === 2 && flow.id % 3 === 0);
      const startedAt = now - k * (interval ?? DAY) - (flow.id % 7) * MINUTE;
      const flaky = flow.id === 4 && k === 3;
      const step = flow.id === SEED.workflowStepFlowId ? ({ 2: 'workflow', 3: 'webhook' } as const)[number] : undefined;
      runs.push({
        id: runId,
        flow: flow.id,
        number,
        trigger: step ?? (manual ? 'manual' : 'scheduled'),
        startedAt,
        durationMs: 45_000 + ((runId * 37) % 200) * 1000,
        failure: sourceFailure(source) ?? (flaky ? FLAKY_ERRORS : null),
        cancelledAt: null,
        resources: runResources(runId, source),
      });
    }
    if (flow.id === SEED.runningFlowId) {
      const runId = id++;
      const startedAt = now - 90_000;
      runs.push({
        id: runId,
        flow: flow.id,
        number: number + 1,
        trigger: 'scheduled',
        startedAt,
        durationMs: 20 * MINUTE,
        failure: null,
        cancelledAt: null,
        resources: runResources(runId, source),
      });
    }
  }
  return runs;
}

function seedWorkflowRuns(now: number, workflows: WorkflowRecord[], sources: SourceRecord[], flows: FlowRecord[]): WorkflowRunRecord[] {
  const run = (id: number, workflowId: number, startedAt: number, totalMs: number): WorkflowRunRecord[] => {
    const workflow = workflows.find((candidate) => candidate.id === workflowId);
    return workflow ? [workflowRunRecord({ flows, sources }, { id, workflow, trigger: 'scheduled', startedAt, totalMs })] : [];
  };
  const runs = [
    ...run(1, SEED.succeedingWorkflowId, now - DAY - 2 * HOUR, 4 * MINUTE),
    ...run(2, SEED.succeedingWorkflowId, now - 2 * HOUR, 3 * MINUTE),
    ...run(3, SEED.failingWorkflowId, now - 5 * HOUR, 2 * MINUTE),
    ...run(4, SEED.runningWorkflowId, now - 2 * MINUTE, 30 * MINUTE),
  ];
  // Numbered per workflow, oldest first, as the service numbers them.
  for (const each of runs) each.number = runs.filter((other) => other.workflow === each.workflow && other.startedAt <= each.startedAt).length;
  return runs;
}

const DESTINATIONS: Omit<DestinationRecord, 'createdAt' | 'updatedAt'>[] = [
  { id: 1, displayName: 'Analytics warehouse', spec: 'duckdb', properties: { path: '/data/warehouse.duckdb', schema: 'analytics' } },
  {
    id: 2,
    displayName: 'Reporting Postgres',
    spec: 'postgres',
    properties: { host: 'reporting.internal', port: 5432, database: 'reporting', user: 'loader', password: 'loader-pass', schema: 'raw' },
  },
  { id: 3, displayName: 'Data lake (Parquet files)', spec: 'files', properties: { bucket_url: 'lake/raw', format: 'parquet' } },
  {
    id: 4,
    displayName: 'Partner warehouse',
    spec: 'postgres',
    properties: { host: SLOW_HOST, port: 5432, database: 'partner', user: 'acme', password: 'partner-pass' },
  },
  { id: 5, displayName: 'Staging DuckDB (incomplete)', spec: 'duckdb', properties: { schema: 'staging' } },
];

function seedDestinations(now: number): DestinationRecord[] {
  return DESTINATIONS.map((destination) => ({
    ...destination,
    properties: { ...destination.properties },
    createdAt: daysAgo(now, 30 - destination.id),
    updatedAt: daysAgo(now, 5 - destination.id / 2),
  }));
}

/** A fresh, deterministic world relative to `now`. */
export function seedState(now: number, discoveryMs: number): MockState {
  const sources = seedSources(now, discoveryMs);
  const flows = FLOWS.map((flow) => structuredClone(flow));
  const { workflows, triggers } = seedWorkflows(now);
  return {
    sourceSpecs: SOURCE_SPECS.map((spec) => structuredClone(spec)),
    destinationSpecs: DESTINATION_SPECS.map((spec) => structuredClone(spec)),
    sources,
    destinations: seedDestinations(now),
    flows,
    flowRuns: seedFlowRuns(now, sources),
    workflows,
    workflowRuns: seedWorkflowRuns(now, workflows, sources, flows),
    triggers,
    alertChannels: [],
    alertDeliveries: [],
    flowTables: seedFlowTables(now),
    tableClaims: [],
    team: seedTeam(now),
    settings: { publicUrl: null, organizationName: 'Acme Data Team', logo: null, allowedRedirects: ['partner.example.com'] },
    cards: [
      {
        id: 1,
        hashId: SEED.validCardHash,
        sourceId: SEED.incompleteSourceId,
        type: 'SOURCE',
        expiresAt: now + 7 * DAY,
        url: `/cards/${SEED.validCardHash}`,
        imageUrl: 'https://flowdeck.example/img/partner-card.png',
        instruction: 'Please enter the database user and password for the nightly stock export.',
        createdAt: now - HOUR,
        senderName: 'Dana Whitfield',
        redirectUrl: 'https://partner.example.com/onboarding/done',
      },
      {
        id: 2,
        hashId: SEED.expiredCardHash,
        sourceId: 3,
        type: 'SOURCE',
        expiresAt: now - 2 * DAY,
        url: `/cards/${SEED.expiredCardHash}`,
        imageUrl: null,
        instruction: 'Paste a new Billing API token.',
        createdAt: now - 9 * DAY,
        senderName: null,
        redirectUrl: null,
      },
    ],
  };
}
