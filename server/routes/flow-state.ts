import type { Handlers } from '../http/operations';

// The state of a flow's tables: its saved cursors, reset and re-sync (Flowdeck's additions).

export function flowStateHandlers() {
  // The contract comes first so the dashboard can build on it; the service answers these in the next commits.
  const notYet = () => {
    throw new Error('Not built yet.');
  };
  return {
    getFlowState: notYet,
    resetFlowState: notYet,
    resyncFlow: notYet,
  } satisfies Partial<Handlers>;
}
