import { MESSAGES } from '@/api/messages';
import { Conflict, InvalidInput } from '@/service-rules/errors';

// Where the mock still answers otherwise than the service. Dashboard tests pin the mock's older wording
// (src/api/flows.test.ts, workflows.test.ts, cards.test.ts, src/features/flows/flow-page.test.tsx,
// src/features/workflows/workflow-page.test.tsx, src/features/cards/card-recipient.test.tsx) while the
// service's own tests pin the service's, so each side keeps its own until one side's tests change.
// Everything else the mock answers by the service's rules and texts; nothing but this file differs.

/** A cancelled run's error: the service writes `Cancelled by user.`, the mock without the period. */
export const MOCK_CANCELLED_ERRORS = [MESSAGES.cancelledByUser.replace(/\.$/, '')];

/**
 * The service answers these 400s as `Bad Request: <detail>`; the mock gives the detail alone: a flow's
 * source or destination that does not exist, an invalid cron, a card submitted without every required property.
 */
export function withoutBadRequestPrefix<T>(rule: () => T): T {
  try {
    return rule();
  } catch (error) {
    throw unprefixed(error);
  }
}

/** The same 400 with the detail alone. */
export function unprefixed(error: unknown): unknown {
  return error instanceof InvalidInput && error.detail !== undefined ? new Conflict(error.detail) : error;
}

/** The mock refuses to run a disabled workflow by hand; the service runs it (only webhooks and the scheduler skip it). */
export const refuseDisabledWorkflow = (workflowId: number) => new Conflict(`Workflow ${String(workflowId)} is disabled.`);
