import type { Query, QueryClient, QueryKey } from '@tanstack/react-query';
import type { FlowStatus } from '@/api/flows';
import type { RunChanges } from '@/api/runs';
import type { RunSpan } from '@/api/timeline';
import type { WorkflowStatus } from '@/api/workflows';
import { flowKeys } from './flows';
import { runChangeKeys } from './run-changes';
import { runKeys } from './runs';
import { timelineKeys } from './timeline';
import { workflowKeys } from './workflows';

// Live means live on every page: what a status poll learns (a run started, a run ended) reaches everything
// that shows it, within that poll. The lists carry the service's freshness and next run, the timeline draws
// the runs, the overview counts them: each is read again when a status it depends on changes, not polled
// on its own. The heartbeat (the tab title's read, on every page) finds runs started elsewhere (a schedule,
// another person): GET /v2/run-changes where the service has it (it names the flows and workflows whose runs
// changed), else the timeline's recent runs (a run that appears or ends there). Either refreshes the views
// of runs and the statuses of the flows and workflows it names.

type Signature = string;

const flowStatusKey = (id: number) => flowKeys.detail(id, 'status');
const workflowStatusKey = (id: number) => workflowKeys.detail(id, 'status');
const HEARTBEAT_KEY: QueryKey = timelineKeys.list('recent');
const CHANGES_KEY: QueryKey = runChangeKeys.all();
/** The heartbeats are not refetched by what they caused. */
const HEARTBEAT_HASHES = new Set([JSON.stringify(HEARTBEAT_KEY), JSON.stringify(CHANGES_KEY)]);

/** What a status says of its newest run that another view shows: which run, and where it stands. */
function flowSignature(status: FlowStatus): Signature {
  const attempt = status.lastAttempt;
  return attempt ? `${String(attempt.id)}:${attempt.lifecycle}:${attempt.disposition}` : 'none';
}

function workflowSignature(status: WorkflowStatus): Signature {
  const run = status.lastRun;
  return run ? `${String(run.id)}:${run.lifecycle}:${run.disposition}` : `${status.lifecycle}:${status.disposition}:${status.completedAt ?? ''}`;
}

type Watched =
  { kind: 'flow' | 'workflow'; id: number; signature: Signature } | { kind: 'heartbeat'; spans: RunSpan[] } | { kind: 'changes'; changes: RunChanges };

/** The query's data when it is one this module follows. */
function watchedOf(query: Query): Watched | null {
  const [resource, part, id, sub] = query.queryKey;
  const data = query.state.data;
  if (data === undefined) return null;
  if (resource === 'timeline' && query.queryHash === JSON.stringify(HEARTBEAT_KEY)) return { kind: 'heartbeat', spans: data as RunSpan[] };
  if (query.queryHash === JSON.stringify(CHANGES_KEY)) return { kind: 'changes', changes: data as RunChanges };
  if (part !== 'detail' || sub !== 'status' || typeof id !== 'number' || query.queryKey.length !== 4) return null;
  if (resource === 'flows') return { kind: 'flow', id, signature: flowSignature(data as FlowStatus) };
  if (resource === 'workflows') return { kind: 'workflow', id, signature: workflowSignature(data as WorkflowStatus) };
  return null;
}

/** A run and whether it has ended: the heartbeat changes when one starts or ends. */
const spanKey = (span: RunSpan) => `${span.kind}:${String(span.owner)}:${String(span.id)}:${span.completedAt === null ? 'on' : 'ended'}`;

/** Whatever shows runs across flows and workflows: read again after any run starts or ends. */
const RUN_VIEWS: readonly QueryKey[] = [flowKeys.list(), workflowKeys.list(), timelineKeys.list(), runKeys.all()];

/**
 * Follows the query cache of `client` until the returned function is called. The first answer of a status
 * is where it starts from, not a change. Invalidations gathered in one task go out together.
 */
export function followRuns(client: QueryClient): () => void {
  const seen = new Map<string, Signature>();
  let recent: Set<string> | null = null;
  const pending = new Map<string, QueryKey>();
  let flush: ReturnType<typeof setTimeout> | null = null;

  const refresh = (keys: readonly QueryKey[]) => {
    for (const key of keys) pending.set(JSON.stringify(key), key);
    flush ??= setTimeout(() => {
      flush = null;
      const keys = [...pending.values()];
      pending.clear();
      for (const queryKey of keys) void client.invalidateQueries({ queryKey, predicate: (query) => !HEARTBEAT_HASHES.has(query.queryHash) });
    }, 0);
  };

  const onHeartbeat = (spans: RunSpan[]) => {
    const now = new Set(spans.map(spanKey));
    const before = recent;
    recent = now;
    if (before === null) return;
    // A run that left the window (ended over a minute ago) changes nothing on screen.
    const changed = [...now].filter((key) => !before.has(key));
    if (changed.length === 0) return;
    refresh(RUN_VIEWS);
    refresh(
      changed.map((key) => {
        const [kind, owner] = key.split(':');
        return kind === 'flow' ? flowStatusKey(Number(owner)) : workflowStatusKey(Number(owner));
      }),
    );
  };

  const statusKeys = (flows: readonly number[], workflows: readonly number[]) => [...flows.map(flowStatusKey), ...workflows.map(workflowStatusKey)];

  // The first answer names nothing (no cursor yet); later ones name what changed since the one before, and
  // what runs now: a run that started or ended between them shows in one or the other.
  let active: RunChanges['active'] | null = null;
  const onChanges = (changes: RunChanges) => {
    const before = active;
    active = changes.active;
    if (before === null) return;
    const moved = (now: readonly number[], then: readonly number[]) => [...now.filter((id) => !then.includes(id)), ...then.filter((id) => !now.includes(id))];
    const flows = new Set([...changes.changed.flows, ...moved(changes.active.flows, before.flows)]);
    const workflows = new Set([...changes.changed.workflows, ...moved(changes.active.workflows, before.workflows)]);
    if (flows.size + workflows.size === 0) return;
    refresh(RUN_VIEWS);
    refresh(statusKeys([...flows], [...workflows]));
    refresh([...flows].map((id) => flowKeys.detail(id, 'flow')));
  };

  const unsubscribe = client.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'success') return;
    const watched = watchedOf(event.query as Query);
    if (!watched) return;
    if (watched.kind === 'heartbeat') {
      onHeartbeat(watched.spans);
      return;
    }
    if (watched.kind === 'changes') {
      onChanges(watched.changes);
      return;
    }
    const key = `${watched.kind}:${String(watched.id)}`;
    const previous = seen.get(key);
    seen.set(key, watched.signature);
    if (previous === undefined || previous === watched.signature) return;
    refresh(RUN_VIEWS);
    // A flow's page reads its flow alone (freshness, next run): it changes with the run too.
    if (watched.kind === 'flow') refresh([flowKeys.detail(watched.id, 'flow')]);
  });
  return () => {
    unsubscribe();
    if (flush) clearTimeout(flush);
  };
}
