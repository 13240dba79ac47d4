import type { QueryClient } from '@tanstack/react-query';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';

// The flows whose runs the user wants to hear about: the ones they started (until that run ends) and the ones
// whose page is open. Kept per QueryClient, like the polling state, so two apps (or two tests) never share it.

interface Watch {
  /** Runs started from this dashboard not yet seen to end. */
  started: number;
  /** Open pages of the flow. */
  pages: number;
}

interface WatchStore {
  watches: Map<number, Watch>;
  snapshot: readonly number[];
  listeners: Set<() => void>;
}

const stores = new WeakMap<QueryClient, WatchStore>();

function storeOf(client: QueryClient): WatchStore {
  let store = stores.get(client);
  if (!store) stores.set(client, (store = { watches: new Map(), snapshot: [], listeners: new Set() }));
  return store;
}

function change(client: QueryClient, flowId: number, patch: (watch: Watch) => Watch) {
  const store = storeOf(client);
  const next = patch(store.watches.get(flowId) ?? { started: 0, pages: 0 });
  if (next.started <= 0 && next.pages <= 0) store.watches.delete(flowId);
  else store.watches.set(flowId, next);
  store.snapshot = [...store.watches.keys()].sort((a, b) => a - b);
  for (const listener of store.listeners) listener();
}

/** A run of this flow was started here: watch it until it ends. */
export function watchStartedRun(client: QueryClient, flowId: number): void {
  change(client, flowId, (watch) => ({ ...watch, started: watch.started + 1 }));
}

/** The started run of this flow has ended (and was told). */
export function forgetStartedRun(client: QueryClient, flowId: number): void {
  change(client, flowId, (watch) => ({ ...watch, started: 0 }));
}

/** Watches the flow while the calling page is open. */
export function useWatchFlowPage(flowId: number): void {
  const client = useQueryClient();
  useEffect(() => {
    change(client, flowId, (watch) => ({ ...watch, pages: watch.pages + 1 }));
    return () => {
      change(client, flowId, (watch) => ({ ...watch, pages: watch.pages - 1 }));
    };
  }, [client, flowId]);
}

/** The watched flows' ids, ascending. */
export function useWatchedFlowIds(): readonly number[] {
  const store = storeOf(useQueryClient());
  return useSyncExternalStore(
    (listener) => {
      store.listeners.add(listener);
      return () => {
        store.listeners.delete(listener);
      };
    },
    () => store.snapshot,
  );
}

/** Whether a started run is being watched (as opposed to an open page only). */
export function isStartedRunWatched(client: QueryClient, flowId: number): boolean {
  return (storeOf(client).watches.get(flowId)?.started ?? 0) > 0;
}
