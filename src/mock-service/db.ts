import { type CardState, cardStateAt } from '@/api/cards';
import { MESSAGES, usedByFlows, waitingForDuckDb } from '@/api/messages';
import { Conflict } from '@/service-rules/errors';
import { claimTables, readsIncrementally } from './flow-tables';
import type { CardRecord, FlowRecord, FlowRunRecord, MockState, RunRecord, WorkflowRecord, WorkflowRunRecord } from './records';
import { isRunUnderWay } from './progress';
import { runResources, sourceFailure } from './rules';
import { seedState } from './seed';
import { workflowRunRecord } from './workflow-runs';

export interface MockDbOptions {
  /** The clock every lazily computed state reads (defaults to Date.now, so fake timers work). */
  now?: () => number;
  /** How long a run started through the API takes. */
  runDurationMs?: number;
  /** How long discovery of a new source (and of the seeded discovering source) takes. */
  discoveryMs?: number;
  /** How long verify "tries to connect" before answering. */
  verifyDelayMs?: number;
}

type IdKind = 'source' | 'destination' | 'flowRun' | 'workflowRun' | 'trigger' | 'card' | 'alertChannel' | 'alertDelivery';

/** All state of the mock service plus the operations on it that more than one handler needs. */
export class MockDb {
  state: MockState;
  runDurationMs: number;
  discoveryMs: number;
  verifyDelayMs: number;
  private readonly clock: () => number;

  constructor(options: MockDbOptions = {}) {
    this.clock = options.now ?? (() => Date.now());
    this.runDurationMs = options.runDurationMs ?? 6_000;
    this.discoveryMs = options.discoveryMs ?? 4_000;
    this.verifyDelayMs = options.verifyDelayMs ?? 0;
    this.state = seedState(this.now(), this.discoveryMs);
  }

  now(): number {
    return this.clock();
  }

  /** A freshly seeded world, relative to the clock's current time. */
  reset(): void {
    this.state = seedState(this.now(), this.discoveryMs);
  }

  nextId(kind: IdKind): number {
    const ids: Record<IdKind, { id: number }[]> = {
      source: this.state.sources,
      destination: this.state.destinations,
      flowRun: this.state.flowRuns,
      workflowRun: this.state.workflowRuns,
      trigger: this.state.triggers,
      card: this.state.cards,
      alertChannel: this.state.alertChannels,
      alertDelivery: this.state.alertDeliveries,
    };
    return Math.max(0, ...ids[kind].map((item) => item.id)) + 1;
  }

  source(id: number) {
    return this.state.sources.find((source) => source.id === id);
  }
  destination(id: number) {
    return this.state.destinations.find((destination) => destination.id === id);
  }
  flow(id: number) {
    return this.state.flows.find((flow) => flow.id === id);
  }
  workflow(id: number) {
    return this.state.workflows.find((workflow) => workflow.id === id);
  }
  sourceSpec(name: string) {
    return this.state.sourceSpecs.find((spec) => spec.name === name);
  }
  destinationSpec(name: string) {
    return this.state.destinationSpecs.find((spec) => spec.name === name);
  }
  card(hashId: string) {
    return this.state.cards.find((card) => card.hashId === hashId);
  }
  /** The same rule as the service's: open until submitted, revoked or expired. */
  cardState(card: CardRecord): CardState {
    return cardStateAt({ expiresAt: card.expiresAt, submittedAt: card.submittedAt ?? null, revokedAt: card.revokedAt ?? null }, this.now());
  }

  /** A source or destination cannot be deleted while flows use it: 400 naming them, as the service answers. */
  refuseWhileUsed(noun: 'source' | 'destination', id: number): void {
    const users = this.state.flows.filter((flow) => flow[noun] === id);
    if (users.length > 0) throw new Conflict(usedByFlows(noun, id, users));
  }

  activeFlowRun(flowId: number): FlowRunRecord | undefined {
    return this.state.flowRuns.find((run) => run.flow === flowId && isRunUnderWay(run, this.now()));
  }

  /**
   * Starts a flow run, numbered within its flow; it fails at the end if the source cannot connect (see rules.ts).
   * `resync`: the resources it reads in full and replaces (empty: all). A resource read past a saved cursor moves
   * only the rows since; the tables it loads are the flow's from then on.
   */
  startFlowRun(flowId: number, trigger: RunRecord['trigger'] = 'manual', resync?: string[]): FlowRunRecord {
    const flow = this.flow(flowId);
    const source = flow ? this.source(flow.source) : undefined;
    const id = this.nextId('flowRun');
    const wait = flow ? (this.slotAt(flow.destination) ?? this.turnAt(flow.destination)) : null;
    const run: FlowRunRecord = {
      id,
      flow: flowId,
      number: Math.max(0, ...this.state.flowRuns.filter((other) => other.flow === flowId).map((other) => other.number)) + 1,
      trigger,
      startedAt: this.now(),
      durationMs: this.runDurationMs,
      failure: source ? sourceFailure(source) : ['The source of this flow no longer exists.'],
      cancelledAt: null,
      resources: source && flow ? this.rowsOfRun(flow, runResources(id, source), resync) : [],
      ...(resync ? { resync } : {}),
      ...(wait ? { ...wait, durationMs: this.runDurationMs + wait.waitMs } : {}),
    };
    this.state.flowRuns.push(run);
    if (flow) claimTables(this, flow, run);
    return run;
  }

  /** An incremental read past a saved cursor moves a few rows; a full read (a re-sync) all of them. */
  private rowsOfRun(flow: FlowRecord, resources: { name: string; rows: number }[], resync: string[] | undefined) {
    const full = (name: string) => resync !== undefined && (resync.length === 0 || resync.includes(name));
    return resources.map(({ name, rows }) => (!full(name) && readsIncrementally(this, flow, name) ? { name, rows: 20 + (rows % 380) } : { name, rows }));
  }

  /**
   * A destination with `maxConcurrentRuns` takes that many runs at once, as in the service: a run past them is
   * queued (pending) until enough of the runs ahead of it have ended. Null when it can start at once.
   */
  private slotAt(destinationId: number): { waitMs: number; queuedBehind: { destination: string; endsAt: number[] } } | null {
    const destination = this.destination(destinationId);
    const limit = destination?.maxConcurrentRuns ?? null;
    if (!destination || limit === null) return null;
    const now = this.now();
    const ends = this.state.flowRuns
      .filter((run) => isRunUnderWay(run, now) && this.flow(run.flow)?.destination === destinationId)
      .map((run) => run.startedAt + run.durationMs)
      .sort((a, b) => a - b);
    if (ends.length < limit) return null;
    const ahead = ends.slice(0, ends.length - limit + 1);
    return { waitMs: Math.max(0, ...ahead) - now, queuedBehind: { destination: destination.displayName, endsAt: ahead } };
  }

  /**
   * A DuckDB file takes one load at a time, as in the service: a run into a file another running flow loads
   * waits until that run ends, and says so meanwhile. Null when it can start at once.
   */
  private turnAt(destinationId: number): { waitMs: number; waitingFor: string } | null {
    const destination = this.destination(destinationId);
    if (destination?.spec !== 'duckdb') return null;
    const path = destination.properties.path;
    const sameFile = (other: number) => {
      const candidate = this.destination(other);
      return candidate?.spec === 'duckdb' && candidate.properties.path === path;
    };
    const now = this.now();
    const busyUntil = Math.max(
      0,
      ...this.state.flowRuns
        .filter((run) => isRunUnderWay(run, now) && sameFile(this.flow(run.flow)?.destination ?? 0))
        .map((run) => run.startedAt + run.durationMs),
    );
    return busyUntil > now ? { waitMs: busyUntil - now, waitingFor: waitingForDuckDb(destination.displayName) } : null;
  }

  /** A workflow's runs, newest first. */
  workflowRuns(workflowId: number): WorkflowRunRecord[] {
    return this.state.workflowRuns.filter((run) => run.workflow === workflowId).sort((a, b) => b.startedAt - a.startedAt || b.id - a.id);
  }

  latestWorkflowRun(workflowId: number): WorkflowRunRecord | undefined {
    return this.workflowRuns(workflowId)[0];
  }

  activeWorkflowRun(workflowId: number): WorkflowRunRecord | undefined {
    const run = this.latestWorkflowRun(workflowId);
    return run && isRunUnderWay(run, this.now()) ? run : undefined;
  }

  /** A workflow run moves every resource of the flows its steps run, step after step (see workflow-runs.ts). */
  startWorkflowRun(workflow: WorkflowRecord, trigger: RunRecord['trigger'] = 'manual'): WorkflowRunRecord {
    const run = workflowRunRecord(this.state, { id: this.nextId('workflowRun'), workflow, trigger, startedAt: this.now(), totalMs: this.runDurationMs });
    run.number = Math.max(0, ...this.workflowRuns(workflow.id).map((other) => other.number ?? 0)) + 1;
    this.state.workflowRuns.push(run);
    return run;
  }

  /** Ends a run now; it then reads as failed with the cancel error. */
  cancelRun(run: RunRecord): void {
    run.cancelledAt = this.now();
    run.failure = [MESSAGES.cancelledByUser];
  }

  deleteWorkflow(id: number): void {
    this.state.workflows = this.state.workflows.filter((workflow) => workflow.id !== id);
    this.state.triggers = this.state.triggers.filter((trigger) => trigger.workflowId !== id);
    this.state.workflowRuns = this.state.workflowRuns.filter((run) => run.workflow !== id);
  }
}
