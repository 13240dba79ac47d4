import { useNavigate } from '@tanstack/react-router';
import { PageHeader } from '@/components/page-header';
import { useCreateFlow } from '@/resources/flows';
import { usePermission } from '@/resources/identity';
import { FlowForm } from './new-flow-form';
import { newFlowDefaults, toCreateFlowInput } from './new-flow-schema';

export interface NewFlowPreset {
  source?: number | undefined;
  destination?: number | undefined;
}

/** Name, source, destination and schedule; on success the new flow's page, where it can be run. */
export function NewFlowPage({ preset }: { preset: NewFlowPreset }) {
  const navigate = useNavigate();
  const permission = usePermission('createFlow');
  const save = useCreateFlow({
    onCreated: async (flow) => {
      await navigate({ to: '/flows/$flowId', params: { flowId: String(flow.id) } });
    },
  });

  return (
    <>
      <PageHeader section="flows" title="New flow" description="Moves the data of one source into one destination, on a schedule or when you press Run." />
      <FlowForm
        label="New flow"
        defaultValues={newFlowDefaults(preset)}
        submitLabel="Create flow"
        onSubmit={(values) => save.mutateAsync(toCreateFlowInput(values))}
        pending={save.isPending}
        error={save.error}
        onCancel={() => void navigate({ to: '/flows' })}
        permission={permission}
      />
    </>
  );
}
