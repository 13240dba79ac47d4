import { delay, type HttpHandler } from 'msw';
import { MESSAGES } from '@/api/messages';
import { NotFound } from '@/service-rules/errors';
import { dataResponse, errorResponse } from './responses';
import { type MockContext, paginate, route } from './route';
import { isSlowDestination } from './rules';
import { sourceSpecSummary } from '@/service-rules/wire';
import { sourceVerificationMessages } from './verify';

// The operations the hosted service documents beside the interface's: the connector list and source
// verify, answered as the local service answers them.

export function connectorHandlers(context: MockContext): HttpHandler[] {
  const { db } = context;
  return [
    route(context, 'listConnectors', ({ query }) => dataResponse(paginate(db.state.sourceSpecs, query).map(sourceSpecSummary))),

    // Like destination verify: synchronous, and the undocumented timeout status is answered as 504.
    route(context, 'verifySource', async ({ params }) => {
      const source = db.source(params.id);
      if (!source) throw new NotFound();
      const messages = sourceVerificationMessages(source, db.sourceSpec(source.spec));
      const reachesNetwork = !messages.some((message) => message.is_error && message.name !== 'connection' && message.name !== 'tables');
      if (reachesNetwork && db.verifyDelayMs > 0) await delay(db.verifyDelayMs);
      // A source on the slow host runs into the 10 s limit, as a destination there does.
      if (reachesNetwork && isSlowDestination(source)) return errorResponse(504, MESSAGES.requestTimeout);
      return dataResponse(messages);
    }),
  ];
}
