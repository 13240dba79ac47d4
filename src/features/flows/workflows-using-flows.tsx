import { Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { flowsOfDefinition } from '@/service-rules/workflow-definition';
import { workflowQueries } from '@/resources/workflows';

/**
 * Before flows are deleted: the workflows whose definition names one of them. Those keep their definition
 * (the service does not edit it), and their step for a deleted flow fails "Flow N no longer exists." until
 * someone changes it, so the user is told which ones before confirming.
 */
export function WorkflowsUsingFlows({ flowIds }: { flowIds: readonly number[] }) {
  const workflows = useQuery(workflowQueries.list());
  if (workflows.isPending) return <Text size="sm">Checking which workflows run {flowIds.length === 1 ? 'it' : 'them'}…</Text>;
  if (workflows.isError) {
    return (
      <Text size="sm" c="dimmed">
        Could not check which workflows run {flowIds.length === 1 ? 'it' : 'them'} ({workflows.error.message}).
      </Text>
    );
  }
  const using = workflows.data.filter((workflow) => flowsOfDefinition(workflow.definition).some((id) => flowIds.includes(id)));
  if (using.length === 0) return <Text size="sm">No workflow runs {flowIds.length === 1 ? 'it' : 'them'}.</Text>;
  return (
    <Text size="sm">
      {using.length === 1 ? 'The workflow ' : 'The workflows '}
      {using.map((workflow, index) => (
        <span key={workflow.id}>
          {index > 0 && (index === using.length - 1 ? ' and ' : ', ')}
          <strong>{workflow.name || `Workflow ${String(workflow.id)}`}</strong>
        </span>
      ))}{' '}
      {using.length === 1 ? 'runs' : 'run'} {flowIds.length === 1 ? 'this flow' : 'some of these flows'}: that step will fail until the workflow is changed.
    </Text>
  );
}
