import { nextDueAt } from '@/service-rules/schedule';
import { propertiesSetOf, redirectAllowed } from '@/service-rules/card-links';
import { logoPath } from '@/service-rules/settings';
import { type StatusAttempt, statusState } from '@/service-rules/status';
import { MOCK_CARD_UPLOAD_LIMIT_BYTES } from './handlers-uploads';
import type { MockDb } from './db';
import { flowTablesOnWire } from './flow-tables';
import { flowFreshness, workflowFreshness } from './freshness';
import { viewRun, waitingForAt } from './progress';
import { wireWorkflowRun, workflowPendingMs } from './workflow-runs';
import { propertiesList, propertiesMap } from './properties';
import type { CardRecord, DestinationRecord, FlowRecord, FlowRunRecord, RunRecord, SourceRecord, WebhookTriggerRecord, WorkflowRecord } from './records';
import {
  type CardFields,
  cardForRecipientOnWire,
  cardWithStateOnWire,
  recipientSpecFull,
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
    maxConcurrentRuns: destination.maxConcurrentRuns ?? null,
  };
}

/** The mock runs nothing on a schedule: its next run is the schedule's next time from now, so it never reads as overdue. */
const mockNextRunAt = (db: MockDb, schedule: FlowRecord | WorkflowRecord, running: boolean): number | null => {
  if (!running) return null;
  return (
    nextDueAt(
      { frequency: schedule.frequency, cron: schedule.cron === '' ? null : schedule.cron, timeZone: schedule.timeZone },
      new Date(db.now()),
    )?.getTime() ?? null
  );
};

export const wireFlow = (db: MockDb, flow: FlowRecord): WireFlow =>
  flowOnWire({ ...flow, nextRunAt: mockNextRunAt(db, flow, !flow.paused) }, 'flowdeck', flowFreshness(db, flow), flowTablesOnWire(db, flow));

/** A run as the status rules (src/service-rules/status.ts) read it. */
export function attemptStatus(run: RunRecord, now: number, pendingMs?: number): StatusAttempt {
  const view = viewRun(run, now, pendingMs);
  return { lifecycle: view.lifecycle, disposition: view.disposition, resources: view.resources, errors: view.errors, completedAt: isoOrNull(view.completedAt) };
}

/**
 * Failed attempts carry `errors`, and no `resources` key unless they counted something (a cancelled one keeps
 * its committed tables); running ones `completedAt: null`, and `waitingFor` while their destination is busy.
 */
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
    waitingFor: waitingForAt(run, now),
    retryOf: run.retryOf ?? null,
    retryNumber: run.retryNumber ?? 0,
  };
  if (view.resources) attempt.resources = view.resources;
  if (view.disposition === 'failed') attempt.errors = view.errors;
  return attempt;
}

export const wireWorkflow = (db: MockDb, workflow: WorkflowRecord): WireWorkflow =>
  workflowOnWire({ ...workflow, nextRunAt: mockNextRunAt(db, workflow, workflow.enabled) }, workflowFreshness(db, workflow));

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
  const resources = (view.resources ?? run.resources.map(({ name }) => ({ name, extracted: 0, analyzed: 0, loaded: 0, written: 0, committed: false }))).map(
    (counts) => ({
      ...counts,
      errors: view.disposition === 'failed' && view.resources === null ? view.errors.slice(0, 1) : [],
    }),
  );
  return {
    id: workflow.id,
    ...statusState(attemptStatus(run, db.now(), pendingMs)),
    resources,
    errors: view.errors,
    lastRun: wireWorkflowRun(run, db.now()),
  };
}

export const wireTrigger = (trigger: WebhookTriggerRecord): WireWebhookTrigger => triggerOnWire(trigger);

/** The origin of card links: the public address in the settings, else the caller's, so links work in the demo too. */
export const linkOrigin = (db: MockDb, callerOrigin: string) => db.state.settings.publicUrl ?? callerOrigin;

/** `url` is stored as a path and answered on the link origin. */
const cardFields = (db: MockDb, card: CardRecord, origin: string): CardFields => ({
  ...card,
  submittedAt: card.submittedAt ?? null,
  revokedAt: card.revokedAt ?? null,
  sourceName: db.source(card.sourceId)?.displayName ?? null,
  url: `${linkOrigin(db, origin)}${card.url}`,
});

export const wireCard = (db: MockDb, card: CardRecord, origin: string): WireConfigurationCard => cardWithStateOnWire(cardFields(db, card, origin), db.now());

export function wireCardForRecipient(db: MockDb, card: CardRecord, source: SourceRecord): WireCardForRecipient {
  const spec = db.sourceSpec(source.spec);
  const { settings } = db.state;
  const fields = { ...cardFields(db, card, ''), sourceName: source.displayName };
  if (!redirectAllowed(fields.redirectUrl, settings.allowedRedirects)) fields.redirectUrl = null;
  const property = spec?.recipient?.fileProperty;
  return cardForRecipientOnWire(fields, {
    sourceSpec: spec ? recipientSpecFull(spec) : { name: source.spec },
    asker: { organizationName: settings.organizationName, logoUrl: settings.logo ? logoPath(settings.logo.version) : null },
    propertiesSet: propertiesSetOf(source.properties),
    upload: property ? { property, limitBytes: MOCK_CARD_UPLOAD_LIMIT_BYTES } : null,
  });
}
