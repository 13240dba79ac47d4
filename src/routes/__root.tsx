import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import type { RouterContext } from '@/resources/service-support';

export const Route = createRootRouteWithContext<RouterContext>()({
  component: Outlet,
});
