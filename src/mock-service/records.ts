import type { RunTrigger } from '@/api/flows';
import type { DestinationSpecDefinition, SourceSpecDefinition } from '@/catalogue/connector-specs';
import type { FlowFields, TriggerFields, WorkflowFields } from '@/service-rules/wire';
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
}

export type FlowRecord = FlowFields;

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
}

export interface WorkflowRunRecord extends RunRecord {
  workflow: number;
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
  alertChannels: AlertChannelRecord[];
  alertDeliveries: AlertDeliveryRecord[];
}
