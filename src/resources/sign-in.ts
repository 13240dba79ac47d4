import { queryOptions } from '@tanstack/react-query';
import { getSignInMethods, type SignInMethods } from '@/api/team';

/**
 * How this site's own service takes a sign-in (password, SSO), or null where it has no sessions (the hosted
 * service answers 404, or none answers): then the page offers an API key alone, as before.
 */
export const signInMethodsQuery = () =>
  queryOptions({
    queryKey: ['sign-in-methods'],
    queryFn: async ({ signal }): Promise<SignInMethods | null> => {
      try {
        return await getSignInMethods({ signal, thisSite: true });
      } catch {
        return null;
      }
    },
    staleTime: 60_000,
    retry: false,
  });
