import { lazy } from 'react';

// The attempt's summary and log (the virtualised log list, its toolbar's menu and chips): fetched when an attempt is
// first opened, or on intent (hover or focus of an attempt's link), not with the flow page.
const attemptView = () => import('./attempt-view');

export function preloadAttemptView(): void {
  void attemptView();
}

export const LazyAttemptView = lazy(async () => ({ default: (await attemptView()).AttemptView }));
