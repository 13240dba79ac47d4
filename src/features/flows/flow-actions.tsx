import { Button, Group, Stack, Tooltip } from '@mantine/core';
import { ActionFeedback } from '@/components/action-feedback';
import { useCancelFlow, useRunFlow } from '@/resources/flows';

/**
 * Run and Cancel, always both on screen (a Cancel that vanishes is a peer's bug): each shows its pending
 * state, cannot be sent twice, and reports what the service answered. Run stays enabled while a run is
 * going: the service's own "already running" answer says why better than a greyed button. `running` is
 * null while the status is unknown or stale, and Cancel stays available then.
 */
export function FlowActions({ flowId, running }: { flowId: number; running: boolean | null }) {
  const run = useRunFlow(flowId);
  const cancel = useCancelFlow(flowId);
  const latest = run.outcome && cancel.outcome ? null : (run.outcome ?? cancel.outcome);

  return (
    <Stack gap="xs" align="flex-end">
      <Group gap="xs">
        <Button
          onClick={() => {
            cancel.dismiss();
            run.start();
          }}
          loading={run.isPending}
          disabled={cancel.isPending}
        >
          Run now
        </Button>
        <Tooltip label="Nothing is running right now" disabled={running !== false}>
          <Button
            color="red"
            variant="light"
            onClick={() => {
              run.dismiss();
              cancel.start();
            }}
            loading={cancel.isPending}
            disabled={run.isPending || running === false}
          >
            Cancel run
          </Button>
        </Tooltip>
      </Group>
      <ActionFeedback
        feedback={latest}
        onClose={() => {
          run.dismiss();
          cancel.dismiss();
        }}
      />
    </Stack>
  );
}
