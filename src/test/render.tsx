import { createMemoryHistory } from '@tanstack/react-router';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createApp } from '@/app';
import { clearSession, saveSession } from '@/features/auth/session';
import { DEMO_API_KEY } from '@/mock-service/auth';

/** Where the API layer sends requests in tests; MSW answers them. */
export const TEST_BASE_URL = 'http://localhost';

interface RenderAppOptions {
  /** Sign in with this key before rendering; null renders signed out. */
  apiKey?: string | null;
}

/** Renders the whole dashboard (router, query client, Mantine) at a URL, as a user would open it. */
export function renderApp(path: string, { apiKey = DEMO_API_KEY }: RenderAppOptions = {}) {
  if (apiKey === null) clearSession();
  else saveSession({ token: apiKey, baseUrl: TEST_BASE_URL }, false);
  const history = createMemoryHistory({ initialEntries: [path] });
  const app = createApp({ history, mantineEnv: 'test' });
  const user = userEvent.setup();
  const view = render(<app.App />);
  return { ...view, ...app, user, history };
}
