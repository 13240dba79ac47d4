import { configureApi } from '@/api/api-session';

/**
 * The signed-in session: API key and service base URL. sessionStorage by default (gone when the tab
 * closes); localStorage only when the user asked to be remembered. Never in a URL, never logged.
 */
const STORAGE_KEY = 'flowdeck.session';

export interface StoredSession {
  token: string;
  baseUrl: string;
}

/** A stored session as it was saved, or null: storage another tab or an extension wrote is not trusted. */
function read(storage: Storage): StoredSession | null {
  const stored = safeJson(storage.getItem(STORAGE_KEY));
  if (typeof stored !== 'object' || stored === null) return null;
  const { token, baseUrl } = stored as Record<string, unknown>;
  return typeof token === 'string' && token !== '' && typeof baseUrl === 'string' ? { token, baseUrl } : null;
}

function safeJson(text: string | null): unknown {
  if (text === null) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** Restores a stored session into the API client; returns whether there is one. */
export function restoreSession(): boolean {
  const stored = read(sessionStorage) ?? read(localStorage);
  configureApi({ token: stored?.token ?? null, baseUrl: stored?.baseUrl ?? '' });
  return stored !== null;
}

export function hasSession(): boolean {
  return read(sessionStorage) !== null || read(localStorage) !== null;
}

export function storedBaseUrl(): string {
  return (read(sessionStorage) ?? read(localStorage))?.baseUrl ?? '';
}

export function saveSession(session: StoredSession, remember: boolean): void {
  clearSession();
  (remember ? localStorage : sessionStorage).setItem(STORAGE_KEY, JSON.stringify(session));
  configureApi(session);
}

export function clearSession(): void {
  sessionStorage.removeItem(STORAGE_KEY);
  localStorage.removeItem(STORAGE_KEY);
  configureApi({ token: null });
}

/**
 * Where to go after sign-in. Only a path inside the dashboard is accepted, so a crafted link
 * cannot send a freshly signed-in user to another site.
 */
export function safeRedirect(target: string | undefined): string {
  if (!target?.startsWith('/') || target.startsWith('//') || target.startsWith('/sign-in')) return '/';
  return target;
}
