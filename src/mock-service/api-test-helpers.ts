import { configureApi } from '@/api/api-session';
import { ApiError } from '@/api/errors';
import { DEMO_API_KEY } from './auth';

// Small helpers for tests that drive src/api against the mock.

export const TEST_ORIGIN = 'http://localhost';

/** Points the API layer at the mock with a key (the demo key unless told otherwise). */
export function signIn(token: string | null = DEMO_API_KEY): void {
  configureApi({ baseUrl: TEST_ORIGIN, token });
}

/** The ApiError a call fails with; fails the test if the call succeeds or throws something else. */
export async function apiError(call: Promise<unknown>): Promise<ApiError> {
  try {
    await call;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('Expected the call to fail with an ApiError, but it succeeded.');
}

/** A request outside src/api (for endpoints it has no function for, or bodies it would refuse to send). */
export async function rawCall(method: string, path: string, options: { token?: string | null; body?: unknown } = {}) {
  const token = options.token === undefined ? DEMO_API_KEY : options.token;
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (token !== null) headers.Authorization = `Bearer ${token}`;
  const response = await fetch(`${TEST_ORIGIN}${path}`, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await response.text();
  return { status: response.status, body: text === '' ? undefined : (JSON.parse(text) as unknown) };
}
