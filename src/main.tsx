import './mantine-styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createApp } from './app';

/** The demo build has no service behind it: its mock service answers /v2 in the browser before anything asks. */
async function startDemoService() {
  // Compared here, not through `isDemo`, so the production build drops this branch and the mock service with it.
  if (import.meta.env.MODE !== 'demo') return;
  const { startMockWorker } = await import('@/mock-service/browser');
  await startMockWorker();
}

await startDemoService();
const { App } = createApp();
// A page without a root runs the dashboard's code and draws nothing: bench/flows-stack measures that cost.
const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
