import { type ErrorComponentProps, useRouter } from '@tanstack/react-router';
import { ErrorState } from './error-state';

/** How browsers word a page's code that did not come (the connection dropped, or a new build replaced it). */
const CODE_NOT_LOADED = /^(Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed)/;

/** Shown in place of the failed route only: the shell around it stays usable. */
export function RouteError({ error, reset }: ErrorComponentProps) {
  const router = useRouter();
  if (error instanceof Error && CODE_NOT_LOADED.test(error.message)) {
    // The router has already reloaded the page once for it (a deploy); a second failure is the connection.
    return (
      <ErrorState
        error={new Error('This page could not load. Check your connection, then reload the page.')}
        onRetry={() => {
          window.location.reload();
        }}
      />
    );
  }
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
