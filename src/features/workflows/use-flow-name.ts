import { useCallback } from 'react';
import type { Flow } from '@/api/flows';

/** A flow's name for a graph box: its display name, or `Flow 7` when it is not (or not yet) known. */
export function useFlowName(flows: readonly Flow[] | undefined) {
  return useCallback(
    (flowId: number | null) => {
      if (flowId === null) return 'No flow picked';
      const flow = flows?.find((candidate) => candidate.id === flowId);
      return flow && flow.displayName !== '' ? flow.displayName : `Flow ${String(flowId)}`;
    },
    [flows],
  );
}
