import type { QueryClient } from '@tanstack/react-query';
import { FLOWS_PATH, sendFirstPageAhead } from '@/api/first-pages';
import { resourceKeys } from '@/resources/keys';

/** Every flows list query (the whole list and its pages), as resources/flows keys them; a test keeps the two alike. */
export const flowListsKey = resourceKeys('flows').list();

/**
 * The flows list's first page, asked for before the list's code has come (on a first load it is on its way with
 * the page's): nothing is sent when a flows list is already cached or being read, as after the overview.
 */
export function askFirstFlowsPageAhead(client: QueryClient): void {
  if (client.getQueryCache().find({ queryKey: flowListsKey }) !== undefined) return;
  sendFirstPageAhead(FLOWS_PATH);
}
