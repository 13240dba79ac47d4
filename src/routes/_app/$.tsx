import { createFileRoute, notFound } from '@tanstack/react-router';

/**
 * Any address no other route takes lands here, inside the shell (behind sign-in), and is answered like an
 * unknown id: by the router's not-found page, with the navigation around it.
 */
export const Route = createFileRoute('/_app/$')({
  loader: () => {
    throw notFound();
  },
});
