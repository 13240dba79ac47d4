import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { mockService, server } from './server';
import { matchMedia, resetViewport } from './viewport';

// Dates are told in the browser's zone or in UTC (the header's switch): tests run in New York time (the
// machines run in UTC), so that the two differ and a test can see which one is on screen.
process.env.TZ = 'America/New_York';

// Mantine reads these browser APIs, which jsdom does not implement. The legacy addListener and
// removeListener stay on the stub for libraries that still call them.
const noop = () => undefined;
const hasDom = typeof window !== 'undefined';

if (hasDom) {
  // Width queries answer for the width a test sets with setViewportWidth (none: all false); see viewport.ts.
  Object.defineProperty(window, 'matchMedia', { writable: true, configurable: true, value: matchMedia });

  class ResizeObserverStub implements ResizeObserver {
    observe = noop;
    unobserve = noop;
    disconnect = noop;
  }
  window.ResizeObserver = ResizeObserverStub;

  Element.prototype.scrollIntoView = noop;
}

// The whole app renders with lazily loaded route chunks, each transformed on first import; on a busy
// two-core machine a first page can take seconds to appear, which is slowness, not a failure. Each
// assertion still waits for its own text, within the test's 15 s.
configure({ asyncUtilTimeout: 10_000 });

// Every request must be answered by the mock: an unhandled one is a test bug, not a network call.
beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
});

afterEach(() => {
  cleanup();
  server.resetHandlers();
  mockService.reset();
  resetViewport();
  if (hasDom) {
    sessionStorage.clear();
    localStorage.clear();
  }
});

afterAll(() => {
  server.close();
});
