import { createFileRoute, redirect, useRouter } from '@tanstack/react-router';
import { clearSession, hasSession } from '@/features/auth/session';
import { AppLayout } from '@/features/shell/app-layout';
import { isDemo } from '@/lib/demo';
import { useClearCache } from '@/lib/query-client';

/** Everything behind sign-in. Without a session the user signs in and comes back here. */
export const Route = createFileRoute('/_app')({
  beforeLoad: ({ location }) => {
    if (!hasSession()) throw redirect({ to: '/sign-in', search: { redirect: location.href } });
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
