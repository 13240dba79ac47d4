import { RunControls } from '@/components/run-controls';
import { useCancelFlow, useRunFlow } from '@/resources/flows';

/** Run now and Cancel run of one flow (`running` null while its status is unknown or stale). */
export function FlowActions({ flowId, name, running }: { flowId: number; name: string; running: boolean | null }) {
  return <RunControls run={useRunFlow(flowId)} cancel={useCancelFlow(flowId)} running={running} subject={`the flow “${name}”`} />;
}
