import type { QueryClient } from '@tanstack/react-query';
import { createRouter, lazyRouteComponent, type RouterHistory } from '@tanstack/react-router';
import { RoutePending } from '@/components/route-states';
import type { Identity } from '@/resources/identity';
import type { ServiceSupport } from '@/resources/service-support';
import { routeTree } from './routeTree.gen';

/**
 * On a later navigation the current page stays on screen while the next one loads: a skeleton only after this
 * long, then kept at least PENDING_MIN_MS so it does not flash. The router's own defaults.
 */
const PENDING_MS = 1_000;
const PENDING_MIN_MS = 500;

export function createAppRouter({
  queryClient,
  service,
  identity,
  history,
}: {
  queryClient: QueryClient;
  service: ServiceSupport;
  identity: Identity;
  history?: RouterHistory;
}) {
  const router = createRouter({
    routeTree,
    history,
    context: { queryClient, service, identity },
    // React Query owns freshness; the router asks it every time.
    defaultPreload: 'intent',
    defaultPreloadStaleTime: 0,
    // Errors and unknown addresses are rare: their screens load when needed, not with every first screen.
    defaultErrorComponent: lazyRouteComponent(() => import('@/components/route-error'), 'RouteError'),
    defaultPendingComponent: RoutePending,
    // The first load has nothing on screen to keep: the shell and the page's skeleton paint at once, while the
    // page's code and data arrive, and the page replaces its skeleton as soon as it is ready.
    defaultPendingMs: 0,
    defaultPendingMinMs: 0,
    defaultNotFoundComponent: lazyRouteComponent(() => import('@/components/not-found-page'), 'NotFoundPage'),
    scrollRestoration: true,
  });
  const unsubscribe = router.subscribe('onResolved', () => {
    unsubscribe();
    router.update({ ...router.options, defaultPendingMs: PENDING_MS, defaultPendingMinMs: PENDING_MIN_MS });
  });
  return router;
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
