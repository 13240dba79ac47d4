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

/**
 * Where a module's value waits for its readers. A module that may come by a static import as well as by a fetch
 * hands itself over here when evaluated; the store lives apart from the fetch, so the module need not import
 * the code that fetches it (an import cycle).
 */
export type Provided<T> = Omit<OnDemand<T>, 'load'>;

export function provided<T>(): Provided<T> {
  let value: T | null = null;
  const listeners = new Set<() => void>();
  return {
    loaded: () => value,
    provide: (arrived: T) => {
      value = arrived;
      // Readers draw it in a task of their own: a module that hands itself over as it is evaluated would
      // otherwise have its evaluation and every reader's render in one long task (cronstrue and a long list's
      // schedules, on a phone, well past the 50 ms that holds up a tap).
      setTimeout(() => {
        for (const listener of listeners) listener();
      }, 0);
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

export function onDemand<T>(importer: () => Promise<T>, store: Provided<T> = provided<T>()): OnDemand<T> {
  let loading: Promise<T> | null = null;
  return {
    ...store,
    load: () =>
      (loading ??= importer().then(
        (arrived) => {
          store.provide(arrived);
          return arrived;
        },
        (error: unknown) => {
          loading = null;
          throw error;
        },
      )),
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
