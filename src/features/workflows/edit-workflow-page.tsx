import { useNavigate } from '@tanstack/react-router';
import type { Workflow } from '@/api/workflows';
import { PageHeader } from '@/components/page-header';
import { usePermission } from '@/resources/identity';
import { useUpdateWorkflow } from '@/resources/workflows';
import { definitionToSave, workflowFields, workflowFormDefaults } from './workflow-form-schema';
import { WorkflowForm } from './workflow-form';
import { WorkflowFromList } from './workflow-from-list';

export function EditWorkflowPage({ workflowId }: { workflowId: number }) {
  return <WorkflowFromList workflowId={workflowId}>{(workflow) => <EditWorkflow workflow={workflow} />}</WorkflowFromList>;
}

function EditWorkflow({ workflow }: { workflow: Workflow }) {
  const navigate = useNavigate();
  const toPage = () => navigate({ to: '/workflows/$workflowId', params: { workflowId: String(workflow.id) } });
  const update = useUpdateWorkflow(workflow.id, { onSaved: toPage });
  const permission = usePermission('updateWorkflow');
  return (
    <>
      <PageHeader section="workflows" title={`Edit “${workflow.name}”`} description="Changes apply from the next run; runs so far keep the steps they ran." />
      <WorkflowForm
        // The form is filled once, from the workflow as it was when the page opened: a refresh of the list
        // while typing (the Enabled switch elsewhere, another tab) does not overwrite what was typed.
        defaults={workflowFormDefaults(workflow)}
        submitLabel="Save workflow"
        onSubmit={(values) => {
          const definition = definitionToSave(values, workflow.definition);
          return update.mutateAsync({ ...workflowFields(values, workflow), ...(definition ? { definition } : {}) });
        }}
        pending={update.isPending}
        error={update.error}
        onCancel={() => void toPage()}
        permission={permission}
      />
    </>
  );
}
