import { getRouteApi } from '@tanstack/react-router';
import { lazy, Suspense, useState } from 'react';
import type { AttemptDrawerProps } from './attempt-drawer';

// The attempt drawer (its summary, the virtualised log with its toolbar's menu and chips): fetched when an attempt is
// first opened, or on intent (hover or focus of an attempt's link, a shared link to one), not with the flow page.
const attemptDrawer = () => import('./attempt-drawer');

export function preloadAttemptDrawer(): void {
  void attemptDrawer();
}

const LazyAttemptDrawer = lazy(async () => ({ default: (await attemptDrawer()).AttemptDrawer }));

const route = getRouteApi('/_app/flows/$flowId');

/** Mounted from the first attempt opened on, so closing it still slides it out. */
export function AttemptDrawerOnOpen(props: AttemptDrawerProps) {
  const open = route.useSearch({ select: (params) => params.attempt !== undefined });
  const [mounted, setMounted] = useState(open);
  if (open && !mounted) setMounted(true);
  return mounted ? (
    <Suspense fallback={null}>
      <LazyAttemptDrawer {...props} />
    </Suspense>
  ) : null;
}
