import { createFileRoute, redirect, useLocation, useRouter } from '@tanstack/react-router';
import { clearSession, hasSession } from '@/features/auth/session';
import { AppLayout } from '@/features/shell/app-layout';
import { ShellSkeleton } from '@/features/shell/shell-skeleton';
import { isDemo } from '@/lib/demo';
import { pageIntroAt } from '@/lib/page-intros';
import { useForgetSession } from '@/resources/service-support';

/** Everything behind sign-in. Without a session the user signs in and comes back here. */
export const Route = createFileRoute('/_app')({
  beforeLoad: ({ location }) => {
    if (!hasSession()) throw redirect({ to: '/sign-in', search: { redirect: location.href } });
  },
  // The frame and the page's heading while the shell's code and the page's arrive: the page does not jump when
  // they come.
  pendingComponent: function AppPending() {
    const intro = pageIntroAt(useLocation({ select: (location) => location.pathname }));
    return <ShellSkeleton intro={intro} />;
  },
  component: function AppRoute() {
    const router = useRouter();
    const forgetSession = useForgetSession();
    const signOut = () => {
      clearSession();
      forgetSession();
      void router.navigate({ to: '/sign-in', search: { redirect: undefined } });
    };
    return <AppLayout onSignOut={signOut} demo={isDemo} />;
  },
});
