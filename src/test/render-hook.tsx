import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { signIn } from '@/mock-service/api-test-helpers';

/**
 * Renders a hook of src/resources against the mock service, signed in, with a fresh query client (nothing
 * retried) that the test can seed and inspect.
 */
export function renderWithClient<Result, Props>(hook: (props: Props) => Result, options: { initialProps?: Props } = {}) {
  signIn();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  return { client, ...renderHook(hook, { wrapper, ...options }) };
}
