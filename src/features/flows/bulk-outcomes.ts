import { isApiError } from '@/api/errors';
import { flowAlreadyRunning } from '@/api/messages';
import { flowName } from '@/lib/flow-name';
import type { BulkFlowAction, BulkOutcome } from '@/resources/flows';

// The words of a bulk action's summary: one line per flow ("Orders to warehouse: paused",
// "Billing: already running") and a title that counts them.

const DONE: Record<BulkFlowAction, string> = { run: 'run started', pause: 'paused', resume: 'resumed', delete: 'deleted' };
const UNCHANGED: Record<BulkFlowAction, string> = { run: 'unchanged', pause: 'already paused', resume: 'was not paused', delete: 'unchanged' };
const VERB: Record<BulkFlowAction, string> = { run: 'Started', pause: 'Paused', resume: 'Resumed', delete: 'Deleted' };

/** Why one flow's request was refused, in a few words where the service's answer is a known one. */
function refusal(outcome: Extract<BulkOutcome, { result: 'failed' }>): string {
  const { error, flow } = outcome;
  // Not "no longer exists": a service without the operation (the hosted one cannot delete flows) answers 404 too.
  if (isApiError(error, 'not_found')) return 'not found';
  if (isApiError(error, 'bad_request') && error.message === flowAlreadyRunning(flow.id)) return 'already running';
  return error instanceof Error ? error.message : String(error);
}

export function outcomeLine(action: BulkFlowAction, outcome: BulkOutcome): string {
  const what = outcome.result === 'done' ? DONE[action] : outcome.result === 'unchanged' ? UNCHANGED[action] : refusal(outcome);
  return `${flowName(outcome.flow)}: ${what}`;
}

/** `Paused 2 of 3 flows` (runs: `Started 2 of 3 runs`). */
export function outcomeTitle(action: BulkFlowAction, outcomes: readonly BulkOutcome[]): string {
  const done = outcomes.filter((outcome) => outcome.result === 'done').length;
  const noun = action === 'run' ? 'runs' : 'flows';
  return `${VERB[action]} ${String(done)} of ${String(outcomes.length)} ${outcomes.length === 1 ? noun.slice(0, -1) : noun}`;
}
