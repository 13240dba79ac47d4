import { useNavigate } from '@tanstack/react-router';
import { PageHeader } from '@/components/page-header';
import { usePermission } from '@/resources/identity';
import { useCreateWorkflow } from '@/resources/workflows';
import { definitionToSave, workflowFields, workflowFormDefaults } from './workflow-form-schema';
import { WorkflowForm } from './workflow-form';

export function NewWorkflowPage() {
  const navigate = useNavigate();
  const permission = usePermission('createWorkflow');
  const create = useCreateWorkflow({
    onCreated: async (workflow) => {
      await navigate({ to: '/workflows/$workflowId', params: { workflowId: String(workflow.id) } });
    },
  });
  return (
    <>
      <PageHeader section="workflows" title="New workflow" description="Runs flows as steps: each step starts once the steps it waits for have succeeded." />
      <WorkflowForm
        defaults={workflowFormDefaults()}
        submitLabel="Create workflow"
        // A new form always has steps to save (keepDefinition is only for a saved definition).
        onSubmit={(values) => create.mutateAsync({ ...workflowFields(values), definition: definitionToSave(values, undefined) ?? {} })}
        pending={create.isPending}
        error={create.error}
        onCancel={() => void navigate({ to: '/workflows' })}
        permission={permission}
      />
    </>
  );
}
