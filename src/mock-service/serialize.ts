import { type StatusAttempt, statusState } from '@/service-rules/status';
import type { MockDb } from './db';
import { flowFreshness, workflowFreshness } from './freshness';
import { viewRun } from './progress';
import { wireWorkflowRun, workflowPendingMs } from './workflow-runs';
import { propertiesList, propertiesMap } from './properties';
import type { CardRecord, DestinationRecord, FlowRecord, FlowRunRecord, RunRecord, SourceRecord, WebhookTriggerRecord, WorkflowRecord } from './records';
import {
  type CardFields,
  cardForRecipientOnWire,
  cardOnWire,
  listedCardOnWire,
  triggerOnWire,
  workflowOnWire,
  destinationSpecFull,
  destinationSpecSummary,
  flowOnWire,
  iso,
  isoOrNull,
  sourceSpecFull,
  sourceSpecSummary,
  type WireCardForRecipient,
  type WireConfigurationCard,
  type WireDestination,
  type WireFlow,
  type WireRunAttempt,
  type WireSource,
  type WireWebhookTrigger,
  type WireWorkflow,
  type WireWorkflowStatus,
} from '@/service-rules/wire';

// Stored records to what the service puts on the wire, quirks included (see CONVENTIONS.md).

export interface SourceWireOptions {
  /** 'list' only for the create-source response. */
  properties: 'map' | 'list';
  /** 'summary' for list endpoints, 'full' with lowercase types for GET/PATCH, 'full-upper' on create. */
  spec: 'summary' | 'full' | 'full-upper';
}

export function wireSource(db: MockDb, source: SourceRecord, options: SourceWireOptions = { properties: 'map', spec: 'full' }): WireSource {
  const spec = db.sourceSpec(source.spec);
  const definitions = spec?.propertyDefinitions ?? [];
  const sourceSpec = !spec
    ? source.spec
    : options.spec === 'summary'
      ? sourceSpecSummary(spec)
      : sourceSpecFull(spec, options.spec === 'full' ? 'lower' : 'upper');
  return {
    id: source.id,
    displayName: source.displayName,
    sourceSpec,
    properties: options.properties === 'list' ? propertiesList(definitions, source.properties) : propertiesMap(definitions, source.properties),
    createdAt: iso(source.createdAt),
    updatedAt: iso(source.updatedAt),
  };
}

export function wireDestination(db: MockDb, destination: DestinationRecord, spec: 'summary' | 'full' | 'full-upper' = 'full'): WireDestination {
  const record = db.destinationSpec(destination.spec);
  const destinationSpec = !record
    ? destination.spec
    : spec === 'summary'
      ? destinationSpecSummary(record)
      : destinationSpecFull(record, spec === 'full' ? 'lower' : 'upper');
  return {
    id: destination.id,
    displayName: destination.displayName,
    destinationSpec,
    properties: propertiesMap(record?.propertyDefinitions ?? [], destination.properties),
    createdAt: iso(destination.createdAt),
    updatedAt: iso(destination.updatedAt),
  };
}

export const wireFlow = (db: MockDb, flow: FlowRecord): WireFlow => flowOnWire(flow, 'flowdeck', flowFreshness(db, flow));

/** A run as the status rules (src/service-rules/status.ts) read it. */
export function attemptStatus(run: RunRecord, now: number, pendingMs = 0): StatusAttempt {
  const view = viewRun(run, now, pendingMs);
  return { lifecycle: view.lifecycle, disposition: view.disposition, resources: view.resources, errors: view.errors, completedAt: isoOrNull(view.completedAt) };
}

/** Failed attempts carry `errors` and no `resources` key; running ones `completedAt: null`. */
export function wireAttempt(run: FlowRunRecord, now: number): WireRunAttempt {
  const view = viewRun(run, now);
  const attempt: WireRunAttempt = {
    id: run.id,
    flow: run.flow,
    number: run.number,
    trigger: run.trigger,
    lifecycle: view.lifecycle,
    disposition: view.disposition,
    completedAt: isoOrNull(view.completedAt),
    createdAt: iso(run.startedAt),
  };
  if (view.resources) attempt.resources = view.resources;
  if (view.disposition === 'failed') attempt.errors = view.errors;
  return attempt;
}

export const wireWorkflow = (db: MockDb, workflow: WorkflowRecord): WireWorkflow => workflowOnWire(workflow, workflowFreshness(db, workflow));

/**
 * Unwrapped and UPPERCASE on the wire, by the service's status rule; a workflow never run is NOT_RUNNING
 * / NONE. The mock keeps no attempts per step: the run's resources stand for its steps', each showing
 * the run's first error when it failed before counting anything. `lastRun` is the run with its steps.
 */
export function wireWorkflowStatus(db: MockDb, workflow: WorkflowRecord): WireWorkflowStatus {
  const run = db.latestWorkflowRun(workflow.id);
  if (!run) return { id: workflow.id, ...statusState(undefined), resources: [], errors: [], lastRun: null };
  const pendingMs = workflowPendingMs(run);
  const view = viewRun(run, db.now(), pendingMs);
  const resources = (view.resources ?? run.resources.map(({ name }) => ({ name, extracted: 0, analyzed: 0, loaded: 0 }))).map((counts) => ({
    ...counts,
    errors: view.disposition === 'failed' && view.resources === null ? view.errors.slice(0, 1) : [],
  }));
  return {
    id: workflow.id,
    ...statusState(attemptStatus(run, db.now(), pendingMs)),
    resources,
    errors: view.errors,
    lastRun: wireWorkflowRun(run, db.now()),
  };
}

export const wireTrigger = (trigger: WebhookTriggerRecord): WireWebhookTrigger => triggerOnWire(trigger);

/** `url` is stored as a path and answered on the caller's origin, so links work in the demo too. */
const cardFields = (db: MockDb, card: CardRecord, origin: string): CardFields => ({
  ...card,
  sourceName: db.source(card.sourceId)?.displayName ?? null,
  url: `${origin}${card.url}`,
});

export const wireCard = (db: MockDb, card: CardRecord, origin: string): WireConfigurationCard => cardOnWire(cardFields(db, card, origin));

export const wireListedCard = (db: MockDb, card: CardRecord, origin: string): WireConfigurationCard =>
  listedCardOnWire(cardFields(db, card, origin), { state: db.cardState(card), submittedAt: card.submittedAt ?? null, revokedAt: card.revokedAt ?? null });

export function wireCardForRecipient(db: MockDb, card: CardRecord, source: SourceRecord): WireCardForRecipient {
  const spec = db.sourceSpec(source.spec);
  const fields = { ...cardFields(db, card, ''), sourceName: source.displayName };
  return cardForRecipientOnWire(fields, spec ? sourceSpecFull(spec) : { name: source.spec });
}
