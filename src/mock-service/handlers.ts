import type { HttpHandler } from 'msw';
import { attemptLogHandlers } from './handlers-attempt-logs';
import { alertHandlers } from './handlers-alerts';
import { cardHandlers } from './handlers-cards';
import { connectorHandlers } from './handlers-connectors';
import { destinationHandlers } from './handlers-destinations';
import { flowHandlers } from './handlers-flows';
import { runHandlers } from './handlers-runs';
import { sourceHandlers } from './handlers-sources';
import { timelineHandlers } from './handlers-timeline';
import { uploadHandlers } from './handlers-uploads';
import { workflowHandlers } from './handlers-workflows';
import type { MockContext } from './route';

/** Every operation of the interface plus Flowdeck's additions, all reading one context's state. */
export function buildHandlers(context: MockContext): HttpHandler[] {
  return [
    ...sourceHandlers(context),
    ...destinationHandlers(context),
    ...flowHandlers(context),
    ...attemptLogHandlers(context),
    ...workflowHandlers(context),
    ...timelineHandlers(context),
    ...runHandlers(context),
    ...cardHandlers(context),
    ...connectorHandlers(context),
    ...uploadHandlers(context),
    ...alertHandlers(context),
  ];
}
