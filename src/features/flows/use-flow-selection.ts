import { useCallback, useMemo, useState } from 'react';
import type { FlowSelection } from './flows-table';

/**
 * The rows ticked in the flows list, by flow id. `listed` are the ids the filters show: "select all"
 * means those, and a ticked flow the filters hide stays ticked but is not acted on (the page passes only
 * listed ones to the bulk actions). The object stays the same while nothing in it changes, so a keystroke
 * in the search field does not draw the table again before its result is ready.
 */
export function useFlowSelection(listed: readonly number[]): FlowSelection & { replace: (ids: readonly number[]) => void } {
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
      const all = listed.length > 0 && listed.every((id) => previous.has(id));
      const next = new Set(previous);
      for (const id of listed) {
        if (all) next.delete(id);
        else next.add(id);
      }
      return next;
    });
  }, [listed]);
  const replace = useCallback((ids: readonly number[]) => {
    setSelected(new Set(ids));
  }, []);
  return useMemo(() => ({ selected, toggle, toggleAll, replace }), [selected, toggle, toggleAll, replace]);
}
