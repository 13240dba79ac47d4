import { ALL_PAGES_LIMIT } from './all-pages';
import { sendAhead } from './send-ahead';

// Where the lists a first screen waits for are read, without the schemas that parse them (zod classic is not on the
// first screen): the entry and the routes ask for their first pages while the code that parses them is on its way.

export const FLOWS_PATH = '/v2/flows';
export const WORKFLOWS_PATH = '/v2/workflows';
export type FirstPageList = typeof FLOWS_PATH | typeof WORKFLOWS_PATH;

/** A list's first page as `readAllPages` asks for it. */
export const FIRST_PAGE = { limit: ALL_PAGES_LIMIT, offset: 0 } as const;

/** Sends GET of the list's first page now; the list's read of that page then takes this answer. */
export function sendFirstPageAhead(list: FirstPageList): void {
  sendAhead(list, { ...FIRST_PAGE });
}
