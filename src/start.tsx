import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { nextTask, pause } from '@/lib/next-task';

/**
 * How long the first screen waits for its page's code and data before React draws it anyway (its skeleton then
 * shows while the rest arrives). Drawn once, complete, the first screen costs the phone one render instead of
 * three (skeleton, shell, page).
 */
const FIRST_LOAD_WAIT_MS = 1_000;

export async function start() {
  // The demo build has no service behind it: MSW answers /v2 in the browser. The mode is compared here, not
  // through `isDemo`, so the production build drops this branch and the mock service with it.
  if (import.meta.env.MODE === 'demo') {
    const { startMockWorker } = await import('@/mock-service/browser');
    await startMockWorker();
  }
  // The app (its Mantine pieces, its routes and their search schemas) runs in a task apart from the framework's:
  // run together on a phone they were one task of about 95 ms (4x CPU), now two of about 45.
  await nextTask();
  const { createApp } = await import('./app');
  await nextTask();
  const { App, router } = createApp();
  await nextTask();
  // The route's code and data are asked for before React draws anything; the router's mount sees the load
  // finished (or under way) and does not start another.
  const loaded = router.load();
  await Promise.race([loaded, pause(FIRST_LOAD_WAIT_MS)]);
  const root = document.getElementById('root');
  if (!root) throw new Error('index.html has no #root element');
  const reactRoot = createRoot(root);
  // A transition renders in slices of a few milliseconds, yielding to the browser between them: the first
  // screen's render is not one long task that keeps a phone from answering a tap.
  startTransition(() => {
    reactRoot.render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
}
