import { vi } from 'vitest';

/**
 * Records the URL of every request as it is sent, until the test's mocks are restored: counted as sent, where the
 * mock service records a call only once it has answered it.
 */
export function recordSentUrls(): string[] {
  const sent: string[] = [];
  const fetch = globalThis.fetch;
  vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
    sent.push(input instanceof Request ? input.url : String(input));
    return fetch(input, init);
  });
  return sent;
}
