import type { HttpHandler } from 'msw';
import { attemptLogHandlers } from './handlers-attempt-logs';
import { auditHandlers } from './handlers-audit';
import { alertHandlers } from './handlers-alerts';
import { cardHandlers } from './handlers-cards';
import { connectorHandlers } from './handlers-connectors';
import { destinationHandlers } from './handlers-destinations';
import { flowStateHandlers } from './handlers-flow-state';
import { flowHandlers } from './handlers-flows';
import { runHandlers } from './handlers-runs';
import { settingsHandlers } from './handlers-settings';
import { sourceHandlers } from './handlers-sources';
import { teamHandlers } from './handlers-team';
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
    ...flowStateHandlers(context),
    ...attemptLogHandlers(context),
    ...workflowHandlers(context),
    ...timelineHandlers(context),
    ...runHandlers(context),
    ...cardHandlers(context),
    ...connectorHandlers(context),
    ...uploadHandlers(context),
    ...alertHandlers(context),
    ...settingsHandlers(context),
    ...teamHandlers(context),
    ...auditHandlers(context),
  ];
}
