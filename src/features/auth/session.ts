// zod/mini: the session is read before the first screen renders, where zod classic is not loaded.
import { z } from 'zod/mini';
import { configureApi } from '@/api/client';

/**
 * The signed-in session: API key and service base URL. sessionStorage by default (gone when the tab
 * closes); localStorage only when the user asked to be remembered. Never in a URL, never logged.
 */
const STORAGE_KEY = 'flowdeck.session';

const storedSessionSchema = z.object({ token: z.string().check(z.minLength(1)), baseUrl: z.string() });
export type StoredSession = z.infer<typeof storedSessionSchema>;

function read(storage: Storage): StoredSession | null {
  const parsed = storedSessionSchema.safeParse(safeJson(storage.getItem(STORAGE_KEY)));
  return parsed.success ? parsed.data : null;
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
