import { type FirstPageList, FLOWS_PATH, sendFirstPageAhead, WORKFLOWS_PATH } from '@/api/first-pages';

/**
 * The lists each first screen's loader waits for, by address (routes/_app/index.tsx and routes/_app/flows/index.tsx
 * read them): the entry asks for their first pages as soon as it has painted, while the dashboard's code is on its
 * way, and each loader's own read of that page takes the answer. first-requests.test.ts keeps the two alike.
 */
export const FIRST_LISTS: Readonly<Record<string, readonly FirstPageList[]>> = {
  '/': [FLOWS_PATH, WORKFLOWS_PATH],
  '/flows': [FLOWS_PATH],
};

/** Asks for the first pages the page at `pathname` waits for (none for a page not listed). */
export function sendFirstRequests(pathname: string): void {
  if (!Object.hasOwn(FIRST_LISTS, pathname)) return;
  for (const list of FIRST_LISTS[pathname] ?? []) sendFirstPageAhead(list);
}
