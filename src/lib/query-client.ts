import { MutationCache, QueryCache, QueryClient, useQueryClient } from '@tanstack/react-query';
import { isApiError } from '@/api/errors';

export interface QueryClientOptions {
  /** Called once per 401 from any query or mutation: the session is gone, the user must sign in again. */
  onUnauthorized: () => void;
}

/** Errors a retry cannot fix: the request itself or the caller's rights are wrong. */
function isPermanent(error: unknown): boolean {
  return isApiError(error) && ['bad_request', 'unauthorized', 'forbidden', 'not_found', 'gone', 'invalid_response'].includes(error.kind);
}

export function createQueryClient({ onUnauthorized }: QueryClientOptions): QueryClient {
  const handle = (error: unknown) => {
    if (isApiError(error, 'unauthorized')) onUnauthorized();
  };
  return new QueryClient({
    queryCache: new QueryCache({ onError: handle }),
    mutationCache: new MutationCache({ onError: handle }),
    defaultOptions: {
      queries: {
        staleTime: 10_000,
        retry: (failureCount, error) => !isPermanent(error) && failureCount < 2,
      },
      // A mutation (run, cancel, save) is never repeated behind the user's back.
      mutations: { retry: false },
    },
  });
}

/** Sign-in and sign-out: nothing read with one API key may show under another. */
export function useClearCache(): () => void {
  const client = useQueryClient();
  return () => {
    client.clear();
  };
}
