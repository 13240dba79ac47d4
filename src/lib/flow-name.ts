import type { Flow } from '@/api/flows';

/** What a flow is called on screen: its name, or its id when it has none. */
export const flowName = (flow: Pick<Flow, 'id' | 'displayName'>) => flow.displayName || `Flow ${String(flow.id)}`;
