import { useEffect, useSyncExternalStore } from 'react';

/**
 * A module fetched once, when first wanted, that React can read: null until it has arrived, then the module
 * in the same render for every reader (no Suspense flash for a control drawn after it came). A failed fetch
 * (a network blip, an older build's chunk gone) is forgotten, so the next want tries again instead of
 * leaving a placeholder for good.
 */
export interface OnDemand<T> {
  load: () => Promise<T>;
  loaded: () => T | null;
  /** For a module that may also arrive by a static import: it hands itself over when evaluated. */
  provide: (value: T) => void;
  subscribe: (listener: () => void) => () => void;
}

export function onDemand<T>(importer: () => Promise<T>): OnDemand<T> {
  let value: T | null = null;
  let loading: Promise<T> | null = null;
  const listeners = new Set<() => void>();
  const provide = (arrived: T) => {
    value = arrived;
    for (const listener of listeners) listener();
  };
  return {
    load: () =>
      (loading ??= importer().then(
        (arrived) => {
          provide(arrived);
          return arrived;
        },
        (error: unknown) => {
          loading = null;
          throw error;
        },
      )),
    loaded: () => value,
    provide,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

/** The module once it is here, else null; while `wanted`, asks for it (after a failure, again when next mounted). */
export function useOnDemand<T>(module: OnDemand<T>, wanted = true): T | null {
  const value = useSyncExternalStore(module.subscribe, module.loaded);
  useEffect(() => {
    if (wanted && value === null) module.load().catch(() => undefined);
  }, [module, wanted, value]);
  return value;
}
