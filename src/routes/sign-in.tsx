import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod/mini';
import { SignInPage } from '@/features/auth/sign-in-page';
import { DEMO_API_KEY, isDemo } from '@/lib/demo';
import { optionalOrDropped } from '@/lib/search-params';

export const Route = createFileRoute('/sign-in')({
  validateSearch: z.object({ redirect: optionalOrDropped(z.string()) }),
  component: function SignInRoute() {
    const { redirect } = Route.useSearch();
    return <SignInPage redirect={redirect} demoKey={isDemo ? DEMO_API_KEY : undefined} />;
  },
});
