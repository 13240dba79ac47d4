// First: it configures zod before any schema parses (the router checks the address's search as it loads).
import '@/lib/zod-config';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { type RouterHistory, RouterProvider } from '@tanstack/react-router';
import { clearSession, restoreSession } from '@/features/auth/session';
import { createQueryClient } from '@/lib/query-client';
import { cssVariablesResolver, theme } from '@/lib/theme';
import { Identity } from '@/resources/identity';
import { ServiceSupport } from '@/resources/service-support';
import { createAppRouter } from './router';

/**
 * The whole dashboard: providers, query client and router wired so that a 401 from any call ends the
 * session and sends the user to sign in, and back to the page they were on afterwards.
 */
export function createApp({ history, mantineEnv }: { history?: RouterHistory; mantineEnv?: 'default' | 'test' } = {}) {
  restoreSession();
  const service = new ServiceSupport();
  const identity = new Identity();
  const queryClient = createQueryClient({
    onUnauthorized: () => {
      clearSession();
      service.forget();
      identity.forget();
      const here = router.state.location;
      if (here.pathname === '/sign-in') return;
      void router.navigate({ to: '/sign-in', search: { redirect: here.href } });
    },
  });
  const router = createAppRouter({ queryClient, service, identity, history });

  function App() {
    return (
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="auto" env={mantineEnv}>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </MantineProvider>
    );
  }
  return { App, router, queryClient };
}
