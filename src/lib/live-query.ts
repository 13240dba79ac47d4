import { useDocumentVisibility } from '@mantine/hooks';
import {
  hashKey,
  type Query,
  type QueryClient,
  type QueryFunction,
  type QueryFunctionContext,
  type QueryKey,
  useQueries,
  useQuery,
  useQueryClient,
  type UseQueryOptions,
  type UseQueryResult,
} from '@tanstack/react-query';
import { BOOST_MS, COVERED_IDLE_POLL_MS, HEARTBEAT_POLL_MS, HEARTBEAT_WAIT_SECONDS, IDLE_POLL_MS, nextHeartbeatInterval, nextPollInterval } from './polling';

// React Query's refetchInterval driven by the one polling policy in polling.ts. Everything the policy
// needs besides the data (how long the last request took, failures in a row, recent Run/Cancel clicks)
// is kept per QueryClient, so two apps (or two tests) never share it.

interface PollStats {
  lastDurationMs: number | null;
  consecutiveErrors: number;
}

interface LiveState {
  stats: Map<string, PollStats>;
  /** Scope (e.g. `flow:3`) → until when a Run or Cancel click keeps views of it fast (epoch ms). */
  boosts: Map<string, number>;
  /** When the heartbeat last answered (epoch ms), or null: idle views poll on their own while it is silent. */
  heartbeatAt: number | null;
}

const liveStates = new WeakMap<QueryClient, LiveState>();

function liveStateOf(client: QueryClient): LiveState {
  let state = liveStates.get(client);
  if (!state) {
    state = { stats: new Map(), boosts: new Map(), heartbeatAt: null };
    liveStates.set(client, state);
  }
  return state;
}

/** Scopes a Run or Cancel click boosts; a view listens to the scopes of what it shows. */
export const liveScopes = {
  flow: (id: number) => `flow:${String(id)}`,
  workflow: (id: number) => `workflow:${String(id)}`,
  /** A source's discovery (Discover now). */
  source: (id: number) => `source:${String(id)}`,
  /** Every live view: the overview and the lists watch many things at once. */
  any: 'any',
} as const;

/** After a Run or Cancel click: views of these scopes poll fast for the next 2 minutes. */
export function boostLiveViews(client: QueryClient, scopes: readonly string[], now = Date.now()): void {
  const { boosts } = liveStateOf(client);
  for (const scope of [...scopes, liveScopes.any]) boosts.set(scope, now + BOOST_MS);
}

function boostedUntil(client: QueryClient, scopes: readonly string[]): number | null {
  const { boosts } = liveStateOf(client);
  const untils = [...scopes, liveScopes.any].flatMap((scope) => boosts.get(scope) ?? []);
  return untils.length > 0 ? Math.max(...untils) : null;
}

/** Failed refreshes in a row for a query (0 after a success); shown by the stale warning. */
export function consecutiveErrorsOf(client: QueryClient, queryKey: QueryKey): number {
  return liveStateOf(client).stats.get(hashKey(queryKey))?.consecutiveErrors ?? 0;
}

export interface LiveOptions<TData> {
  /** Whether the data shows something still moving (an attempt running, a workflow pending). */
  isActive: (data: TData) => boolean;
  /** Which Run/Cancel clicks make this view fast, e.g. `[liveScopes.flow(3)]`. */
  scopes: readonly string[];
  /** How old data may be before a remount or a return to the tab refetches it (default 1 s). */
  staleTime?: number;
  enabled?: boolean;
  /** The one read that notices runs starting and ending anywhere (see polling.ts's HEARTBEAT_POLL_MS). */
  heartbeat?: boolean;
}

type LiveQueryInput<TData, TKey extends QueryKey> = Omit<UseQueryOptions<TData, Error, TData, TKey>, 'queryFn'> & {
  queryFn?: unknown;
};

/** A heartbeat silent this long (a failing or hidden one) no longer covers the idle views. */
const HEARTBEAT_TRUST_MS = HEARTBEAT_WAIT_SECONDS * 1000 + 2 * HEARTBEAT_POLL_MS;

function idlePollMs(client: QueryClient, now: number): number {
  const { heartbeatAt } = liveStateOf(client);
  return heartbeatAt !== null && now - heartbeatAt < HEARTBEAT_TRUST_MS ? COVERED_IDLE_POLL_MS : IDLE_POLL_MS;
}

function timedQueryFn<TData, TKey extends QueryKey>(client: QueryClient, queryFn: QueryFunction<TData, TKey>, heartbeat: boolean): QueryFunction<TData, TKey> {
  return async (context: QueryFunctionContext<TKey>) => {
    const started = performance.now();
    const { stats } = liveStateOf(client);
    const hash = hashKey(context.queryKey);
    try {
      const data = await queryFn(context);
      stats.set(hash, { lastDurationMs: performance.now() - started, consecutiveErrors: 0 });
      if (heartbeat) liveStateOf(client).heartbeatAt = Date.now();
      return data;
    } catch (error) {
      // A request React Query cancelled (unmount, newer fetch) says nothing about the service.
      if (!context.signal.aborted) {
        const previous = stats.get(hash);
        stats.set(hash, { lastDurationMs: performance.now() - started, consecutiveErrors: (previous?.consecutiveErrors ?? 0) + 1 });
      }
      throw error;
    }
  };
}

/** The options that make a query live: timed fetches and a refetchInterval from the policy. */
export function liveQueryOptions<TData, TKey extends QueryKey>(
  client: QueryClient,
  options: LiveQueryInput<TData, TKey>,
  live: LiveOptions<TData>,
  hidden: boolean,
): UseQueryOptions<TData, Error, TData, TKey> {
  if (typeof options.queryFn !== 'function') throw new Error('A live query needs a queryFn.');
  const queryFn = options.queryFn as QueryFunction<TData, TKey>;
  return {
    ...options,
    queryFn: timedQueryFn(client, queryFn, live.heartbeat ?? false),
    enabled: live.enabled ?? true,
    staleTime: live.staleTime ?? 1_000,
    // The next poll is the retry, with the policy's backoff; React Query's own retries would hammer a failing service.
    retry: false,
    refetchIntervalInBackground: false,
    refetchInterval: (query: Query<TData, Error, TData, TKey>) => {
      const stats = liveStateOf(client).stats.get(query.queryHash);
      const data = query.state.data;
      const now = Date.now();
      const lastDurationMs = stats?.lastDurationMs ?? null;
      const consecutiveErrors = stats?.consecutiveErrors ?? 0;
      // The heartbeat keeps its own pace while things run: the views of what runs poll fast themselves.
      if (live.heartbeat) return nextHeartbeatInterval({ hidden, lastDurationMs, consecutiveErrors });
      return nextPollInterval({
        active: data !== undefined && live.isActive(data),
        boostedUntil: boostedUntil(client, live.scopes),
        now,
        idleMs: idlePollMs(client, now),
        lastDurationMs,
        consecutiveErrors,
        hidden,
      });
    },
  };
}

/** useQuery, refreshed by the polling policy: fast while running or after an action, paused when the tab is hidden. */
export function useLiveQuery<TData, TKey extends QueryKey>(options: LiveQueryInput<TData, TKey>, live: LiveOptions<TData>): UseQueryResult<TData> {
  const client = useQueryClient();
  const hidden = useDocumentVisibility() === 'hidden';
  return useQuery(liveQueryOptions(client, options, live, hidden));
}

/** Many live queries at once (one per visible row, one per flow on the overview). */
export function useLiveQueries<TData, TKey extends QueryKey>(
  queries: readonly LiveQueryInput<TData, TKey>[],
  live: LiveOptions<TData>,
): UseQueryResult<TData>[] {
  const client = useQueryClient();
  const hidden = useDocumentVisibility() === 'hidden';
  return useQueries({ queries: queries.map((options) => liveQueryOptions(client, options, live, hidden)) });
}
