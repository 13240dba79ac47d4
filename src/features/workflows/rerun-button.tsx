import { Group, Stack, Text } from '@mantine/core';
import { usePermission } from '@/resources/identity';
import type { WorkflowRun } from '@/api/workflows';
import { ActionFeedback } from '@/components/action-feedback';
import { ActionButton } from '@/components/run-controls';
import { runStateOf } from '@/lib/run-status';
import { useRerunWorkflowRun } from '@/resources/workflows';

/** Why the run cannot be re-run from its failed steps, or null when it can (it failed or was cancelled, as the service allows). */
export function rerunBlocker(run: WorkflowRun | null | undefined): string | null {
  if (!run) return 'The workflow has not run yet.';
  const label = `Run #${String(run.number ?? run.id)}`;
  switch (runStateOf(run)) {
    case 'failed':
    case 'cancelled':
      return null;
    case 'succeeded':
      return `${label} succeeded: no step failed.`;
    case 'running':
    case 'pending':
      return `${label} is still going.`;
    default:
      return `${label} did not fail.`;
  }
}

/** Re-run from failed step, for the current or last run; disabled with the reason when that run did not fail. */
export function RerunButton({ workflowId, run }: { workflowId: number; run: WorkflowRun | null | undefined }) {
  const rerun = useRerunWorkflowRun(workflowId, run?.id ?? 0);
  const may = usePermission('rerunWorkflowRun');
  const blocker = may.reason ?? rerunBlocker(run);
  return (
    <Stack gap="xs" align="flex-end">
      <Group gap="xs" justify="flex-end" wrap="wrap">
        {blocker && (
          <Text size="xs" c="dimmed" id="rerun-blocker">
            {blocker}
          </Text>
        )}
        <ActionButton
          variant="light"
          size="xs"
          unavailable={blocker !== null}
          pending={rerun.isPending}
          aria-describedby={blocker ? 'rerun-blocker' : undefined}
          onAct={rerun.start}
        >
          Re-run from failed step
        </ActionButton>
      </Group>
      <ActionFeedback feedback={rerun.outcome} onClose={rerun.dismiss} />
    </Stack>
  );
}
