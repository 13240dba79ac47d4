import '@mantine/core/styles.css';
import '@mantine/dates/styles.css';
import '@mantine/charts/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { restoreSession } from '@/features/auth/session';
import { isDemo } from '@/lib/demo';
import { createApp } from './app';

async function start() {
  if (isDemo) {
    // The demo build has no service behind it: MSW answers /v2 in the browser.
    const { startMockWorker } = await import('@/mock-service/browser');
    await startMockWorker();
  }
  restoreSession();
  const { App } = createApp();
  const root = document.getElementById('root');
  if (!root) throw new Error('index.html has no #root element');
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

void start();
