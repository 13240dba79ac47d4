import type { QueryClient } from '@tanstack/react-query';
import { createRouter, lazyRouteComponent, type RouterHistory } from '@tanstack/react-router';
import { RoutePending } from '@/components/route-states';
import { routeTree } from './routeTree.gen';

export function createAppRouter({ queryClient, history }: { queryClient: QueryClient; history?: RouterHistory }) {
  return createRouter({
    routeTree,
    history,
    context: { queryClient },
    // React Query owns freshness; the router asks it every time.
    defaultPreload: 'intent',
    defaultPreloadStaleTime: 0,
    // Errors and unknown addresses are rare: their screens load when needed, not with every first screen.
    defaultErrorComponent: lazyRouteComponent(() => import('@/components/route-error'), 'RouteError'),
    defaultPendingComponent: RoutePending,
    defaultNotFoundComponent: lazyRouteComponent(() => import('@/components/not-found-page'), 'NotFoundPage'),
    scrollRestoration: true,
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
