import { type ErrorComponentProps, useRouter } from '@tanstack/react-router';
import { ErrorState } from './error-state';

/** Shown in place of the failed route only: the shell around it stays usable. */
export function RouteError({ error, reset }: ErrorComponentProps) {
  const router = useRouter();
  return (
    <ErrorState
      error={error}
      onRetry={() => {
        reset();
        void router.invalidate();
      }}
    />
  );
}
