import { createFileRoute, useLocation } from '@tanstack/react-router';
import { WelcomePage } from '@/features/auth/welcome-page';

/** The token of `#token=…`, or null. */
const tokenOf = (hash: string): string | null => new URLSearchParams(hash.replace(/^#/, '')).get('token') ?? null;

export const Route = createFileRoute('/welcome')({
  component: function WelcomeRoute() {
    const hash = useLocation({ select: (location) => location.hash });
    return <WelcomePage token={tokenOf(hash)} />;
  },
});
