import { useCallback, useMemo, useState } from 'react';
import type { FlowRow } from './filter-flows';
import type { FlowSelection } from './flows-table';

/**
 * The rows ticked in the flows list, by flow id. `listed` are the rows the filters show: "select all"
 * means those, and a ticked flow the filters hide stays ticked but is not acted on (the page passes only
 * listed ones to the bulk actions). `toggle` and `replace` never change, so rows drawn by a keystroke do not
 * need the selection's other parts.
 */
export function useFlowSelection(listed: readonly FlowRow[]): FlowSelection & { replace: (ids: readonly number[]) => void } {
  const [selected, setSelected] = useState<ReadonlySet<number>>(() => new Set());
  const toggle = useCallback((flowId: number) => {
    setSelected((previous) => {
      const next = new Set(previous);
      if (!next.delete(flowId)) next.add(flowId);
      return next;
    });
  }, []);
  const toggleAll = useCallback(() => {
    setSelected((previous) => {
      const all = listed.length > 0 && listed.every((row) => previous.has(row.flow.id));
      const next = new Set(previous);
      for (const { flow } of listed) {
        if (all) next.delete(flow.id);
        else next.add(flow.id);
      }
      return next;
    });
  }, [listed]);
  const replace = useCallback((ids: readonly number[]) => {
    setSelected(new Set(ids));
  }, []);
  return useMemo(() => ({ selected, toggle, toggleAll, replace }), [selected, toggle, toggleAll, replace]);
}
