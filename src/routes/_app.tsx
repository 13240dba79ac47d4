import { createFileRoute, redirect, useLocation, useRouter } from '@tanstack/react-router';
import { getApiSession } from '@/api/api-session';
import { signOut, signOutEverywhere } from '@/api/team';
import { clearSession } from '@/features/auth/session';
import { AppLayout } from '@/features/shell/app-layout';
import { ShellSkeleton } from '@/features/shell/shell-skeleton';
import { isDemo } from '@/lib/demo';
import { pageIntroAt } from '@/lib/page-intros';
import { useCaller } from '@/resources/identity';
import { useForgetSession } from '@/resources/service-support';

/** Everything behind sign-in. Without a session (a cookie or a key) the user signs in and comes back here. */
export const Route = createFileRoute('/_app')({
  // Who is signed in is asked once per sign-in: the role decides which actions show enabled.
  beforeLoad: async ({ location, context }) => {
    if ((await context.identity.learn()) === 'signed-out') {
      clearSession();
      throw redirect({ to: '/sign-in', search: { redirect: location.href } });
    }
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
    const caller = useCaller();
    const leave = async (everywhere: boolean) => {
      // A browser session ends at the service (its cookie is HttpOnly); a key in storage ends here.
      if (getApiSession().token === null) await (everywhere ? signOutEverywhere() : signOut()).catch(() => undefined);
      clearSession();
      forgetSession();
      void router.navigate({ to: '/sign-in', search: { redirect: undefined } });
    };
    return <AppLayout onSignOut={(everywhere) => void leave(everywhere)} caller={caller} demo={isDemo} />;
  },
});
