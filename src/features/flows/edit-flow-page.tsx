import { useSuspenseQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import type { Flow } from '@/api/flows';
import { NotFoundPage } from '@/components/not-found-page';
import { PageHeader } from '@/components/page-header';
import { flowQueries, useUpdateFlow } from '@/resources/flows';
import { usePermission } from '@/resources/identity';
import { useServiceSupport } from '@/resources/service-support';
import { FlowForm } from './new-flow-form';
import { flowFormValues, toUpdateFlowInput } from './new-flow-schema';
import { flowName } from '@/lib/flow-name';

/** The new-flow form, filled in with the flow as it is; saving sends only what changed. */
export function EditFlowPage({ flowId }: { flowId: number }) {
  const { data: flow } = useSuspenseQuery(flowQueries.detail(useServiceSupport(), flowId));
  // Deleted while the page was open: the same page as an unknown id.
  if (!flow) return <NotFoundPage />;
  return <EditFlowForm flow={flow} />;
}

function EditFlowForm({ flow }: { flow: Flow }) {
  const navigate = useNavigate();
  const toFlow = () => navigate({ to: '/flows/$flowId', params: { flowId: String(flow.id) } });
  const save = useUpdateFlow(flow.id, { onSaved: toFlow });
  const name = flowName(flow);
  const permission = usePermission('updateFlow');

  return (
    <>
      <PageHeader
        section="flows"
        title={`Edit ${name}`}
        description="Name, source, destination, schedule and where its tables go. Runs already made keep the settings they ran with."
      />
      <FlowForm
        label="Edit flow"
        defaultValues={flowFormValues(flow)}
        submitLabel="Save changes"
        onSubmit={(values) => save.mutateAsync(toUpdateFlowInput(values, flow))}
        pending={save.isPending}
        error={save.error}
        onCancel={() => void toFlow()}
        editing={flow}
        permission={permission}
      />
    </>
  );
}
