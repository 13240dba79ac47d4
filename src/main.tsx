// Only the core styles the dashboard uses up front (mantine-styles.css): the date pickers' and the charts' styles come
// with the components that use them.
import './mantine-styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { restoreSession } from '@/features/auth/session';
import { createApp } from './app';

async function start() {
  // The demo build has no service behind it: MSW answers /v2 in the browser. The mode is compared here, not
  // through `isDemo`, so the production build drops this branch and the mock service with it.
  if (import.meta.env.MODE === 'demo') {
    const { startMockWorker } = await import('@/mock-service/browser');
    await startMockWorker();
  }
  restoreSession();
  const { App, router } = createApp();
  // The route's code and data are asked for now, not once React has drawn the first frame (the router would start
  // loading as it mounts): on a first load that frame costs tens of milliseconds, more on a slow phone. The
  // router's mount sees the load under way and does not start another.
  void router.load();
  const root = document.getElementById('root');
  if (!root) throw new Error('index.html has no #root element');
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

void start();
