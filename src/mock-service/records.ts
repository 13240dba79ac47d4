import type { RunTrigger } from '@/api/flows';
import type { ColumnInfo, SchemaChangePolicy, SyncMode } from '@/api/tables';
import type { DestinationSpecDefinition, SourceSpecDefinition } from '@/catalogue/connector-specs';
import type { ResourceMode } from '@/service-rules/flow-tables';
import type { FlowFields, TriggerFields, WorkflowFields } from '@/service-rules/wire';
import type { TeamState } from './team';
import type { StoredProperties } from './wire';

// The mock's own stored state. Times are epoch milliseconds so progress can be computed lazily
// from the clock; they become ISO strings only on the wire.

export type SourceSpecRecord = SourceSpecDefinition;
export type DestinationSpecRecord = DestinationSpecDefinition;

export interface SourceRecord {
  id: number;
  displayName: string;
  spec: string;
  properties: StoredProperties;
  createdAt: number;
  updatedAt: number;
  /** Tables or endpoints discovery finds in this source (a run moves those turned on). */
  resources: string[];
  /**
   * The discovery under way or last finished; `before` is when the discovery before it succeeded (what
   * the resolvers answer's `discoveredAt` shows until this one succeeds).
   */
  discovery: { startedAt: number; durationMs: number; error: string | null; before?: number | null };
  /** Resolver name → suppressed, as the user chose (src/service-rules/resolver-choice.ts). */
  resolverChoice: Record<string, boolean>;
}

export interface DestinationRecord {
  id: number;
  displayName: string;
  spec: string;
  properties: StoredProperties;
  createdAt: number;
  updatedAt: number;
  /** How many runs may load into it at once; absent or null: no limit of its own. */
  maxConcurrentRuns?: number | null;
}

/** A flow, with how it keeps its tables (Flowdeck's): as the service's flows row holds it. */
export interface FlowRecord extends FlowFields {
  /** null: the destination's default (flows made before namespaces existed). */
  namespace: string | null;
  tablePrefix: string;
  schemaChanges: SchemaChangePolicy;
  /** The modes the user chose; a resource not listed loads with `defaultSyncMode`. */
  resourceModes: ResourceMode[];
  /** full_refresh_overwrite for a new flow; full_refresh_append for one made before modes existed (it appended). */
  defaultSyncMode: SyncMode;
}

/**
 * The state of one table a flow keeps, as of its last reset. What loads committed since then (the cursor
 * they saved, the columns) is read off the clock from the flow's runs (flow-tables.ts), like run progress.
 */
export interface FlowTableRecord {
  flow: number;
  resource: string;
  /** When its state was last reset (a reset or a re-sync): loads committed before do not count. */
  resetAt: number;
  /** Grows with every reset. */
  generation: number;
  /** The last change of its columns a commit met. */
  schemaChange?: { at: number; added: ColumnInfo[]; removed: string[]; changed: { name: string; from: string; to: string }[] } | null;
}

/** A table of a destination a flow has loaded into: no other flow may write it (the service's registry). */
export interface TableClaimRecord {
  destination: number;
  namespace: string;
  table: string;
  flow: number;
}

/** A run of a flow or a workflow; what it looks like at a given time is computed in progress.ts. */
export interface RunRecord {
  id: number;
  /** A flow run's: manual, scheduled, or workflow / webhook for a step of a workflow run; a workflow run's: manual, scheduled or webhook. */
  trigger: RunTrigger;
  startedAt: number;
  durationMs: number;
  /** Decided at start: errors to end with, or null to succeed. */
  failure: string[] | null;
  cancelledAt: number | null;
  /** Final row counts per resource. */
  resources: { name: string; rows: number }[];
  /** How long it waits for its destination (another load holds the same DuckDB file) before moving anything. */
  waitMs?: number;
  /** What it waits for meanwhile (the attempt's `waitingFor`). */
  waitingFor?: string;
  /**
   * Queued by its destination's `maxConcurrentRuns` (pending meanwhile): the destination's name and when each
   * run ahead of it ends, so it says how many are still ahead (src/service-rules/run-queue.ts words it).
   */
  queuedBehind?: { destination: string; endsAt: number[] };
  /** The failed run this one retries (or re-runs); null or absent: a first try. */
  retryOf?: number | null;
  retryNumber?: number;
}

/** A log line as the mock stores one a test gave (epoch ms; `fields` as on the wire). */
export interface LogLineRecord {
  at: number;
  level: string;
  event: string;
  message: string;
  resource: string | null;
  fields: Record<string, string | number | boolean | null>;
}

export interface FlowRunRecord extends RunRecord {
  flow: number;
  /** A re-sync: the resources it reads in full and replaces (empty: all); absent for an ordinary run. */
  resync?: string[];
  /** #1, #2 ... within its flow, as the service numbers attempts. */
  number: number;
  /** Lines a test or the demo wrote for it; without them its log is told from its progress (attempt-logs.ts). */
  log?: LogLineRecord[];
}

/** A step of a workflow run as planned when it started (workflow-runs.ts reads its state off the clock). */
export interface StepPlan {
  id: string;
  flow: number;
  after: string[];
  /** When its flow starts, in ms after the run started; null: it never does (a step it waits for fails). */
  startsAtMs: number | null;
  durationMs: number;
  /** The errors its flow fails with, or null when it succeeds. */
  failure: string[] | null;
  /** How long its flow attempt waits for a run slot first (part of durationMs), and what it says meanwhile. */
  queued?: { waitMs: number; waitingFor: string };
}

export interface WorkflowRunRecord extends RunRecord {
  workflow: number;
  /** #1, #2 ... within its workflow. */
  number?: number;
  steps: StepPlan[];
}

export interface WorkflowRecord extends WorkflowFields {
  /** Opaque to the interface; read by src/service-rules/workflow-definition.ts. */
  definition: Record<string, unknown>;
  nodeSchemas: Record<string, unknown> | null;
}

export interface WebhookTriggerRecord extends TriggerFields {
  createdAt: number;
  lastTriggeredAt: number | null;
}

export interface CardRecord {
  id: number;
  hashId: string;
  sourceId: number;
  expiresAt: number;
  url: string;
  imageUrl: string | null;
  instruction: string | null;
  /** SOURCE, AGENT or DESTINATION (SOURCE when the request leaves it out). */
  type: string;
  /** When the recipient submitted it (a link works once); absent while unused. */
  submittedAt?: number;
  /** When its sender revoked it; absent unless revoked. */
  revokedAt?: number;
  createdAt: number;
  senderName: string | null;
  redirectUrl: string | null;
  /** Test connection runs in the current minute (from `verifyWindowStart`), as the service counts them. */
  verifyCount?: number;
  verifyWindowStart?: number;
  /** Files uploaded through the card: reference id → name (the mock keeps no bytes). */
  uploads?: Record<string, { name: string; size: number }>;
}

/** The service's settings (one). */
export interface SettingsRecord {
  publicUrl: string | null;
  organizationName: string | null;
  /** The logo's bytes, type and version; null when there is none. */
  logo: { bytes: Uint8Array; type: string; version: string } | null;
  allowedRedirects: string[];
}

/** Everything the mock service knows; replaced wholesale by a reset. */
/** An alert channel; its URL and signing secret are kept here but never answered (src/service-rules/alert-channels.ts). */
export interface AlertChannelRecord {
  id: number;
  kind: string;
  name: string;
  url: string;
  signingSecret: string | null;
  events: string[];
  flowIds: number[] | null;
  createdAt: number;
  updatedAt: number;
}

/** A delivery the mock pretends to send: pending until `settlesAt`, then delivered (the mock posts nothing). */
export interface AlertDeliveryRecord {
  id: number;
  channelId: number;
  event: string;
  flowId: number | null;
  createdAt: number;
  settlesAt: number;
}

export interface MockState {
  sourceSpecs: SourceSpecRecord[];
  destinationSpecs: DestinationSpecRecord[];
  sources: SourceRecord[];
  destinations: DestinationRecord[];
  flows: FlowRecord[];
  flowRuns: FlowRunRecord[];
  workflows: WorkflowRecord[];
  workflowRuns: WorkflowRunRecord[];
  triggers: WebhookTriggerRecord[];
  cards: CardRecord[];
  settings: SettingsRecord;
  alertChannels: AlertChannelRecord[];
  alertDeliveries: AlertDeliveryRecord[];
  flowTables: FlowTableRecord[];
  tableClaims: TableClaimRecord[];
  /** People, keys, the browser's session and the audit log (team.ts). */
  team: TeamState;
}
