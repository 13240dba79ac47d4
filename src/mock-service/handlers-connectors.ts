import { delay, type HttpHandler } from 'msw';
import { dataResponse, errorResponse, notFound } from './responses';
import { idParam, type MockContext, paginate, route } from './route';
import { isSlowDestination } from './rules';
import { sourceSpecSummary } from './serialize';
import { sourceVerificationMessages } from './verify';

// The operations the hosted service documents beside the interface's: the connector list and source
// verify, answered as the local service answers them.

export function connectorHandlers(context: MockContext): HttpHandler[] {
  const { db } = context;
  return [
    route(context, 'listConnectors', 'get', '/v2/connectors', 'key', ({ url }) => dataResponse(paginate(db.state.sourceSpecs, url).map(sourceSpecSummary))),

    // Like destination verify: synchronous, and the undocumented timeout status is answered as 504.
    route(context, 'verifySource', 'get', '/v2/sources/:id/verify', 'key', async (input) => {
      const source = db.source(idParam(input));
      if (!source) throw notFound();
      const messages = sourceVerificationMessages(source, db.sourceSpec(source.spec));
      const reachesNetwork = !messages.some((message) => message.is_error === true && message.name !== 'connection' && message.name !== 'tables');
      if (reachesNetwork && db.verifyDelayMs > 0) await delay(db.verifyDelayMs);
      // A source on the slow host runs into the 10 s limit, as a destination there does.
      if (reachesNetwork && isSlowDestination(source)) return errorResponse(504, 'Request Timeout');
      return dataResponse(messages);
    }),
  ];
}
