import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { SignInPage } from '@/features/auth/sign-in-page';
import { DEMO_API_KEY, DEMO_PASSWORD, isDemo } from '@/lib/demo';

export const Route = createFileRoute('/sign-in')({
  // Not split: sign-in is the first screen of most visits, and its form comes with the entry rather than a round later.
  codeSplitGroupings: [],
  validateSearch: z.object({ redirect: z.string().optional().catch(undefined), error: z.string().optional().catch(undefined) }),
  component: function SignInRoute() {
    const { redirect, error } = Route.useSearch();
    return <SignInPage redirect={redirect} error={error} demoKey={isDemo ? DEMO_API_KEY : undefined} demoPassword={isDemo ? DEMO_PASSWORD : undefined} />;
  },
});
