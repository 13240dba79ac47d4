import type { z } from 'zod';
import type { alertChannelSchema, alertDeliverySchema } from '@/api/alerts';
import type { cardForRecipientSchema, configurationCardSchema } from '@/api/cards';
import type { propertyDefinitionSchema } from '@/api/common';
import type { destinationSchema, verificationMessageSchema } from '@/api/destinations';
import type { flowSchema, resourceProgressSchema, runAttemptSchema } from '@/api/flows';
import type { resolverListSchema, resolverSchema } from '@/api/resolvers';
import type { sourceSchema } from '@/api/sources';
import type { destinationSpecFullSchema, destinationSpecSummarySchema, sourceSpecFullSchema, sourceSpecSummarySchema } from '@/api/specs';
import type { runSpanSchema } from '@/api/timeline';
import type { webhookTriggerSchema } from '@/api/webhooks';
import type { workflowRunSchema, workflowRunStepSchema, workflowSchema, workflowStatusSchema } from '@/api/workflows';
import type { DestinationSpecDefinition, SourceSpecDefinition } from '@/catalogue/connector-specs';
import type { FreshnessState } from './freshness';

// What the service and the mock service put on the wire is typed by the dashboard's reader schemas
// (their input side), so neither can emit what the dashboard would refuse, and a schema change breaks
// their build. Both emit the canonical form: properties as a map, uppercase property types, `is_error`.

export type WirePropertyDefinition = z.input<typeof propertyDefinitionSchema>;
export type WireSourceSpecSummary = z.input<typeof sourceSpecSummarySchema>;
export type WireSourceSpecFull = z.input<typeof sourceSpecFullSchema>;
export type WireDestinationSpecSummary = z.input<typeof destinationSpecSummarySchema>;
export type WireDestinationSpecFull = z.input<typeof destinationSpecFullSchema>;
export type WireSource = z.input<typeof sourceSchema>;
export type WireDestination = z.input<typeof destinationSchema>;
export type WireVerificationMessage = z.input<typeof verificationMessageSchema> & { is_error: boolean };
export type WireConfigurationCard = z.input<typeof configurationCardSchema>;
export type WireCardForRecipient = z.input<typeof cardForRecipientSchema>;
export type WireResolver = z.input<typeof resolverSchema>;
export type WireResolverList = z.input<typeof resolverListSchema>;
export type WireFlow = z.input<typeof flowSchema>;
export type WireRunAttempt = z.input<typeof runAttemptSchema>;
export type WireResourceProgress = z.input<typeof resourceProgressSchema>;
export type WireWorkflow = z.input<typeof workflowSchema>;
export type WireWorkflowStatus = z.input<typeof workflowStatusSchema>;
export type WireWorkflowRun = z.input<typeof workflowRunSchema>;
export type WireWorkflowRunStep = z.input<typeof workflowRunStepSchema>;
export type WireWebhookTrigger = z.input<typeof webhookTriggerSchema>;
export type WireRunSpan = z.input<typeof runSpanSchema>;

/** A time on the wire: ISO 8601 (the service keeps Dates, the mock epoch milliseconds). */
export const iso = (time: Date | number) => new Date(time).toISOString();
export const isoOrNull = (time: Date | number | null) => (time === null ? null : iso(time));

/**
 * The interface's update-source example shows property types in lowercase; the mock reproduces that
 * quirk in the nested full form, the service never does.
 */
export type TypeCase = 'upper' | 'lower';

const definitionsIn = (definitions: WirePropertyDefinition[], typeCase: TypeCase): WirePropertyDefinition[] =>
  typeCase === 'upper' ? definitions : definitions.map((definition) => ({ ...definition, type: definition.type.toLowerCase() }));

export function sourceSpecSummary(spec: SourceSpecDefinition): WireSourceSpecSummary {
  const { name, displayName, website, tagLine, lifecycle, authenticationStrategy } = spec;
  return { name, displayName, website, tagLine, lifecycle, authenticationStrategy };
}

export function sourceSpecFull(spec: SourceSpecDefinition, typeCase: TypeCase = 'upper'): WireSourceSpecFull {
  return { ...sourceSpecSummary(spec), instructions: spec.instructions, propertyDefinitions: definitionsIn(spec.propertyDefinitions, typeCase) };
}

export function destinationSpecSummary(spec: DestinationSpecDefinition): WireDestinationSpecSummary {
  const { name, displayName, website, tagLine, lifecycle } = spec;
  return { name, displayName, website, tagLine, lifecycle };
}

export function destinationSpecFull(spec: DestinationSpecDefinition, typeCase: TypeCase = 'upper'): WireDestinationSpecFull {
  return { ...destinationSpecSummary(spec), instructions: spec.instructions, propertyDefinitions: definitionsIn(spec.propertyDefinitions, typeCase) };
}

/** A flow's fields, as the mock keeps them and the service reads them from its row. */
export interface FlowFields {
  id: number;
  displayName: string;
  source: number;
  destination: number;
  frequency: string | null;
  cron: string | null;
  paused: boolean;
}

/**
 * A flow carries either `frequency` or `cron`, never both, then Flowdeck's `paused` and `freshness`
 * (src/service-rules/freshness.ts); the `hosted` shape (FLOWDECK_PROFILE=hosted) has only the hosted
 * service's fields.
 */
export function flowOnWire(
  flow: FlowFields,
  shape: 'flowdeck' | 'hosted' = 'flowdeck',
  freshness: FreshnessState | null = null,
  tables?: FlowTablesOnWire,
): WireFlow {
  const { id, displayName, source, destination } = flow;
  const schedule = flow.cron ? { cron: flow.cron } : { frequency: flow.frequency ?? 'manual' };
  return shape === 'hosted'
    ? { id, displayName, source, destination, ...schedule }
    : { id, displayName, source, destination, ...schedule, paused: flow.paused, freshness, ...tables };
}

/** How a flow keeps its tables (Flowdeck's): `resources` lists every resource it loads with its effective mode. */
export type FlowTablesOnWire = Required<Pick<WireFlow, 'namespace' | 'tablePrefix' | 'schemaChanges' | 'resources'>>;

export type WireAlertChannel = z.input<typeof alertChannelSchema>;
export type WireAlertDelivery = z.input<typeof alertDeliverySchema>;

/** A workflow's fields, as the mock keeps them and the service reads them from its row. */
export interface WorkflowFields {
  id: number;
  name: string;
  description: string;
  enabled: boolean;
  definition: unknown;
  frequency: string | null;
  cron: string;
  nodeSchemas: unknown;
}

/** No frequency is answered as ''; `freshness` undefined is the hosted shape, which has no such field. */
export function workflowOnWire(workflow: WorkflowFields, freshness: FreshnessState | null | undefined): WireWorkflow {
  const { id, name, description, enabled, definition, cron } = workflow;
  return {
    id,
    name,
    description,
    enabled,
    definition,
    frequency: workflow.frequency ?? '',
    cron,
    node_schemas: workflow.nodeSchemas,
    ...(freshness === undefined ? {} : { freshness }),
  };
}

/** A webhook trigger's fields; `url` is where its provider delivers (on the service's public origin). */
export interface TriggerFields {
  id: number;
  webhookId: string;
  workflowId: number;
  provider: string;
  url: string;
  status: string;
  triggerCount: number;
  credentialSourceId: number | null;
  createdAt: Date | number;
  eventType: string;
  lastTriggeredAt: Date | number | null;
}

export function triggerOnWire(trigger: TriggerFields): WireWebhookTrigger {
  return {
    id: trigger.id,
    webhook_id: trigger.webhookId,
    workflow_id: trigger.workflowId,
    provider: trigger.provider,
    url: trigger.url,
    status: trigger.status,
    trigger_count: trigger.triggerCount,
    credential_source_id: trigger.credentialSourceId,
    created_at: iso(trigger.createdAt),
    event_type: trigger.eventType,
    last_triggered_at: isoOrNull(trigger.lastTriggeredAt),
  };
}

/** A configuration card's fields; `url` is its link (on the caller's or the service's public origin). */
export interface CardFields {
  id: number;
  hashId: string;
  expiresAt: Date | number;
  type: string;
  sourceName: string | null;
  url: string;
  imageUrl: string | null;
  instruction: string | null;
}

/** The interface's ConfigurationCard, exactly as documented (the create answer). */
export function cardOnWire(card: CardFields): WireConfigurationCard {
  return {
    id: card.id,
    hash_id: card.hashId,
    expires_at: iso(card.expiresAt),
    type: card.type,
    source_name: card.sourceName,
    url: card.url,
    image_url: card.imageUrl,
    instruction: card.instruction,
  };
}

/** In the sender's list (Flowdeck's addition), each card also says whether its link still works. */
export function listedCardOnWire(
  card: CardFields,
  { state, submittedAt, revokedAt }: { state: string; submittedAt: Date | number | null; revokedAt: Date | number | null },
): WireConfigurationCard {
  return { ...cardOnWire(card), state, submitted_at: isoOrNull(submittedAt), revoked_at: isoOrNull(revokedAt) };
}

/** What the card's recipient sees: the source's name, the spec's full form and no property values. */
export function cardForRecipientOnWire(card: CardFields, sourceSpec: WireSourceSpecFull): WireCardForRecipient {
  return {
    hash_id: card.hashId,
    source_name: card.sourceName,
    instruction: card.instruction,
    image_url: card.imageUrl,
    expires_at: iso(card.expiresAt),
    sourceSpec,
  };
}
