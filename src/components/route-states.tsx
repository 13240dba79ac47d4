import { PageSkeleton } from './skeletons';

/** A page's first load: its shape, not a spinner. */
export function RoutePending() {
  return <PageSkeleton />;
}
