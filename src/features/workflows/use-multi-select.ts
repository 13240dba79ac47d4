import { useEffect, useSyncExternalStore } from 'react';

type MultiSelectModule = typeof import('./multi-select');

let loaded: MultiSelectModule | null = null;
let loading: Promise<MultiSelectModule> | null = null;
const listeners = new Set<() => void>();

/** Fetches the MultiSelect chunk once; the form asks for it as it mounts, before any step needs it. */
export function loadMultiSelect(): Promise<MultiSelectModule> {
  loading ??= import('./multi-select').then((module) => {
    loaded = module;
    for (const listener of listeners) listener();
    return module;
  });
  return loading;
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};

/**
 * Mantine's MultiSelect, or null until its chunk has arrived. Not React.lazy: once loaded, a step added later
 * draws it in the same render (lazy would suspend each new step for a frame and React holds a revealed
 * boundary back up to 300 ms), and the form's values live in react-hook-form either way, never in the control.
 */
export function useMultiSelect(): MultiSelectModule['MultiSelect'] | null {
  const module = useSyncExternalStore(subscribe, () => loaded);
  useEffect(() => {
    if (!module) void loadMultiSelect();
  }, [module]);
  return module?.MultiSelect ?? null;
}
