// Fetch for connectors: a clear error for a failed status, and a time bound per request.

const REQUEST_TIMEOUT_MS = 30_000;

export async function fetchChecked(url: string, init: RequestInit & { signal: AbortSignal }): Promise<Response> {
  const signal = AbortSignal.any([init.signal, AbortSignal.timeout(REQUEST_TIMEOUT_MS)]);
  let response: Response;
  try {
    response = await fetch(url, { ...init, signal });
  } catch (error) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    throw new Error(`Request to ${url} failed: ${cause?.code ?? cause?.message ?? (error as Error).message}`, { cause: error });
  }
  if (!response.ok) {
    await response.body?.cancel();
    throw new Error(`${url} answered ${String(response.status)} ${response.statusText}`.trim());
  }
  return response;
}
