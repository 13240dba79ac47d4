import { Stack, Text } from '@mantine/core';
import type { Workflow } from '@/api/workflows';
import { PermittedSwitch } from '@/components/permitted';
import { usePermission } from '@/resources/identity';
import { useSetWorkflowEnabled } from '@/resources/workflows';

/**
 * Enabled or not, switched in place (PATCH `enabled`). It moves at once and moves back with the service's
 * message when refused; a role that may not edit workflows sees it disabled with the reason. `label` false: in a table row, named by the workflow instead of a visible label.
 */
export function WorkflowEnabledSwitch({ workflow, label = true }: { workflow: Workflow; label?: boolean }) {
  const toggle = useSetWorkflowEnabled(workflow.id);
  const permission = usePermission('updateWorkflow');
  return (
    <Stack gap={2}>
      <PermittedSwitch
        permission={permission}
        checked={workflow.enabled}
        label={label ? 'Enabled' : undefined}
        // Mantine's label wraps the description too: the name would read it all.
        aria-label={label ? 'Enabled' : `${workflow.name} enabled`}
        description={label ? (workflow.enabled ? 'Runs on its schedule and from webhooks.' : 'Runs only when started with Run now.') : undefined}
        disabled={toggle.isPending}
        onChange={(event) => {
          toggle.mutate(event.currentTarget.checked);
        }}
      />
      {toggle.isError && (
        <Text size="xs" c="red" role="alert">
          {toggle.variables ? 'Not enabled' : 'Not disabled'}: {toggle.error.message}
        </Text>
      )}
    </Stack>
  );
}
