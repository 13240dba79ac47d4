import { setupWorker } from 'msw/browser';
import { createMockService, type MockService } from './service';

/**
 * Serves the interface from an in-browser mock for the demo build. Runs take about 8 s and every
 * answer a little latency, so a person watching sees loading states and progress.
 */
export async function startMockWorker(): Promise<MockService> {
  const service = createMockService({ runDurationMs: 8_000, discoveryMs: 6_000, verifyDelayMs: 1_500, latencyMs: 250 });
  await setupWorker(...service.handlers).start({
    onUnhandledRequest: 'bypass',
    quiet: true,
    serviceWorker: { url: `${import.meta.env.BASE_URL}mockServiceWorker.js` },
  });
  return service;
}
