import { createFileRoute, redirect, useLocation, useRouter } from '@tanstack/react-router';
import { clearSession, hasSession } from '@/features/auth/session';
import { AppLayout } from '@/features/shell/app-layout';
import { ShellSkeleton } from '@/features/shell/shell-skeleton';
import { isDemo } from '@/lib/demo';
import { pageIntroAt } from '@/lib/page-intros';
import { useClearCache } from '@/lib/query-client';

/** Everything behind sign-in. Without a session the user signs in and comes back here. */
export const Route = createFileRoute('/_app')({
  beforeLoad: ({ location }) => {
    if (!hasSession()) throw redirect({ to: '/sign-in', search: { redirect: location.href } });
  },
  // Not split from the route tree (vite.config.ts): it paints while the shell's own code is on its way, as the
  // page the service sent (src/prepaint.tsx) drew it.
  pendingComponent: function AppPending() {
    const intro = pageIntroAt(useLocation({ select: (location) => location.pathname }));
    return <ShellSkeleton intro={intro} />;
  },
  component: function AppRoute() {
    const router = useRouter();
    const clearCache = useClearCache();
    const signOut = () => {
      clearSession();
      clearCache();
      void router.navigate({ to: '/sign-in', search: { redirect: undefined } });
    };
    return <AppLayout onSignOut={signOut} demo={isDemo} />;
  },
});
