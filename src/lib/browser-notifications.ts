import { useSyncExternalStore } from 'react';

// Browser notifications for finished runs: permission is asked once, from the header's control, and the user
// can turn them off again here without the browser's settings. The choice is remembered on this device.

export type NotifyState = 'unsupported' | 'ask' | 'on' | 'off' | 'blocked';

const STORAGE_KEY = 'flowdeck.notifyRuns';
const listeners = new Set<() => void>();

const supported = () => typeof window !== 'undefined' && 'Notification' in window;

function wanted(): boolean {
  try {
    return localStorage.getItem(STORAGE_KEY) !== 'off';
  } catch {
    return true;
  }
}

function readState(): NotifyState {
  if (!supported()) return 'unsupported';
  const permission = Notification.permission;
  if (permission === 'denied') return 'blocked';
  if (permission === 'default') return 'ask';
  return wanted() ? 'on' : 'off';
}

// `Notification.permission` is a synchronous call into the browser (slow under load) and React reads a store's
// snapshot on every render and commit of every control using it: the state is read once, then again only when it
// can have changed (a choice here, the permission changed in the browser's settings, another tab's choice).
let current: NotifyState | null = null;
let watching = false;

function snapshot(): NotifyState {
  current ??= readState();
  if (!watching && current !== 'unsupported') {
    watching = true;
    window.addEventListener('storage', (event) => {
      if (event.key === STORAGE_KEY || event.key === null) notifyListeners();
    });
    if ('permissions' in navigator)
      navigator.permissions
        .query({ name: 'notifications' })
        .then((status) => {
          status.addEventListener('change', notifyListeners);
        })
        .catch(() => undefined);
  }
  return current;
}

function notifyListeners() {
  current = readState();
  for (const listener of listeners) listener();
}

// One subscribe function for every render: a new one per render would make React unsubscribe and subscribe
// again, the count drop to zero in between, and the permission be read afresh on every render.
function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    // Nothing shows it any more: read afresh when something does again.
    if (listeners.size === 0) current = null;
  };
}

const serverSnapshot = (): NotifyState => 'unsupported';

export function useNotifyState(): NotifyState {
  return useSyncExternalStore(subscribe, snapshot, serverSnapshot);
}

/** Asks the browser once (only while it has not answered) and turns notifications on when allowed. */
export async function enableNotifications(): Promise<void> {
  if (!supported()) return;
  if (Notification.permission === 'default') await Notification.requestPermission();
  try {
    localStorage.setItem(STORAGE_KEY, 'on');
  } catch {
    // Not remembered: on for this page.
  }
  notifyListeners();
}

export function disableNotifications(): void {
  try {
    localStorage.setItem(STORAGE_KEY, 'off');
  } catch {
    // Not remembered: off for this page.
  }
  notifyListeners();
}

/** Shows a notification when the user allowed them and wants them; `tag` keeps one per run. */
export function showNotification(title: string, options: { body: string; tag: string }): void {
  if (readState() !== 'on') return;
  new Notification(title, options);
}
