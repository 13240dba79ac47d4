import { ALL_PAGES_LIMIT } from './all-pages';
import { sendAhead } from './client';

// Where the flows are listed, without the schemas that read them (zod classic is not on the first screen):
// a route can ask for the first page while the code that parses it is still on its way.

export const FLOWS_PATH = '/v2/flows';

/** The first page of GET /v2/flows as the list reads it (the first of `readAllPages`' pages). */
export const FIRST_FLOWS_PAGE = { limit: ALL_PAGES_LIMIT, offset: 0 } as const;

/** Sends GET /v2/flows for the first page now; `listFlows` of that page then takes its answer. */
export function sendFirstFlowsPageAhead(): void {
  sendAhead(FLOWS_PATH, { ...FIRST_FLOWS_PAGE });
}
