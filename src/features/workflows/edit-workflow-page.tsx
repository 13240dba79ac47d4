import { useSuspenseQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { ApiError } from '@/api/errors';
import type { Workflow } from '@/api/workflows';
import { ErrorState } from '@/components/error-state';
import { PageHeader } from '@/components/page-header';
import { useUpdateWorkflow, workflowQueries } from '@/resources/workflows';
import { definitionToSave, workflowFields, workflowFormDefaults } from './workflow-form-schema';
import { WorkflowForm } from './workflow-form';

/** The interface has no get-workflow operation: the workflow is read from the list. */
export function EditWorkflowPage({ workflowId }: { workflowId: number }) {
  const { data: workflows } = useSuspenseQuery(workflowQueries.list());
  const workflow = workflows.find((candidate) => candidate.id === workflowId);
  if (!workflow) return <ErrorState error={new ApiError('not_found', `Workflow ${String(workflowId)} does not exist.`)} />;
  return <EditWorkflow workflow={workflow} />;
}

function EditWorkflow({ workflow }: { workflow: Workflow }) {
  const navigate = useNavigate();
  const toPage = () => navigate({ to: '/workflows/$workflowId', params: { workflowId: String(workflow.id) } });
  const update = useUpdateWorkflow(workflow.id, { onSaved: toPage });
  return (
    <>
      <PageHeader title={`Edit “${workflow.name}”`} description="Changes apply from the next run; runs so far keep the steps they ran." />
      <WorkflowForm
        // The form is filled once, from the workflow as it was when the page opened: a refresh of the list
        // while typing (the Enabled switch elsewhere, another tab) does not overwrite what was typed.
        defaults={workflowFormDefaults(workflow)}
        submitLabel="Save workflow"
        onSubmit={(values) => {
          const definition = definitionToSave(values, workflow.definition);
          return update.mutateAsync({ ...workflowFields(values), ...(definition ? { definition } : {}) });
        }}
        pending={update.isPending}
        error={update.error}
        onCancel={() => void toPage()}
      />
    </>
  );
}
