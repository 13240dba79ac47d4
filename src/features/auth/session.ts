import { configureApi } from '@/api/api-session';

/**
 * How the dashboard is signed in. To this site's own Flowdeck service: a browser session, its cookie
 * HttpOnly, nothing kept here. To another service (the hosted one has no sessions): its API key and base
 * URL, in sessionStorage by default (gone when the tab closes), localStorage only when the user asked to be
 * remembered. Never in a URL, never logged.
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

/** Whether a base URL is this site's own service (empty, or this page's origin). */
export function isThisSite(baseUrl: string): boolean {
  return baseUrl === '' || baseUrl.replace(/\/+$/, '') === window.location.origin;
}

/** From now on requests go to this site's service with its session cookie, and no key is kept. */
export function startBrowserSession(): void {
  clearSession();
  configureApi({ baseUrl: '', token: null });
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
