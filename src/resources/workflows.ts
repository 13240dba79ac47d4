import { type QueryClient, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { notFound } from '@tanstack/react-router';
import type { PageParams } from '@/api/page-params';
import {
  cancelWorkflow,
  createWorkflow,
  type CreateWorkflowInput,
  deleteWorkflow,
  getWorkflowStatus,
  listWorkflowRuns,
  listWorkflows,
  rerunWorkflowRun,
  runWorkflow,
  updateWorkflow,
  type UpdateWorkflowInput,
  type Workflow,
  type WorkflowRun,
} from '@/api/workflows';
import { liveScopes } from '@/lib/live-query';
import { parseIdParam } from '@/lib/route-params';
import { useLiveAction } from '@/lib/use-live-action';
import { useRefetchWhenChanged } from './follow-live';
import { resourceKeys } from './keys';

export const workflowKeys = resourceKeys('workflows');

export type RunsPage = Required<PageParams>;

export const workflowQueries = {
  /** The interface has no get-workflow operation: a workflow's page reads it from this list too. */
  list: () => queryOptions({ queryKey: workflowKeys.list(), queryFn: ({ signal }) => listWorkflows({ signal }) }),
  status: (id: number) => queryOptions({ queryKey: workflowKeys.detail(id, 'status'), queryFn: ({ signal }) => getWorkflowStatus(id, { signal }) }),
  runs: (id: number, page: RunsPage) =>
    queryOptions({ queryKey: workflowKeys.detail(id, 'runs', page), queryFn: ({ signal }) => listWorkflowRuns(id, page, { signal }) }),
};

/**
 * For the loaders of a workflow's routes: its id from the URL, once the list holds it. The interface has
 * no get-workflow: an id the list lacks is a workflow that does not exist (the not-found page).
 */
export async function loadWorkflowRoute(client: QueryClient, rawId: string): Promise<{ workflowId: number }> {
  const workflowId = parseIdParam(rawId);
  const workflows = await client.query({ ...workflowQueries.list(), staleTime: 'static' });
  if (!workflows.some((workflow) => workflow.id === workflowId)) throw notFound();
  return { workflowId };
}

/** The cached list with this workflow as the service answered it (added when new). */
function withWorkflow(workflows: Workflow[] | undefined, workflow: Workflow): Workflow[] | undefined {
  if (!workflows) return workflows;
  return workflows.some((item) => item.id === workflow.id) ? workflows.map((item) => (item.id === workflow.id ? workflow : item)) : [...workflows, workflow];
}

/** Run and Cancel: whatever the answer, the workflow's status refreshes now and polls fast for a while. */
function useWorkflowAction(workflowId: number, action: () => ReturnType<typeof runWorkflow>, fallbackMessage: string) {
  return useLiveAction({ action, fallbackMessage, scopes: [liveScopes.workflow(workflowId)], refresh: [workflowQueries.status(workflowId).queryKey] });
}

export function useRunWorkflow(workflowId: number) {
  return useWorkflowAction(workflowId, () => runWorkflow(workflowId), 'Run started.');
}

export function useCancelWorkflow(workflowId: number) {
  return useWorkflowAction(workflowId, () => cancelWorkflow(workflowId), 'Cancel sent.');
}

/** Re-run from the failed steps: a new run that keeps the steps of `runId` that succeeded. */
export function useRerunWorkflowRun(workflowId: number, runId: number) {
  return useWorkflowAction(workflowId, () => rerunWorkflowRun(workflowId, runId), 'Re-run started.');
}

/** Creates a workflow; `onCreated` runs once the cached list holds it, so its page can open at once. */
export function useCreateWorkflow({ onCreated }: { onCreated: (workflow: Workflow) => Promise<void> }) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateWorkflowInput) => createWorkflow(input),
    onSuccess: async (workflow) => {
      client.setQueryData(workflowQueries.list().queryKey, (workflows) => withWorkflow(workflows, workflow));
      await onCreated(workflow);
    },
  });
}

/** Saves an edit; the cached list holds the workflow as the service answered it before `onSaved` runs. */
export function useUpdateWorkflow(workflowId: number, { onSaved }: { onSaved: (workflow: Workflow) => Promise<void> }) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateWorkflowInput) => updateWorkflow(workflowId, input),
    onSuccess: async (workflow) => {
      client.setQueryData(workflowQueries.list().queryKey, (workflows) => withWorkflow(workflows, workflow));
      await onSaved(workflow);
    },
  });
}

/**
 * The Enabled switch: it moves at once (the list holds the new value while the PATCH is on its way) and
 * moves back, with the service's message, when the service refuses.
 */
export function useSetWorkflowEnabled(workflowId: number) {
  const client = useQueryClient();
  const { queryKey } = workflowQueries.list();
  return useMutation({
    mutationFn: (enabled: boolean) => updateWorkflow(workflowId, { enabled }),
    onMutate: async (enabled) => {
      await client.cancelQueries({ queryKey });
      const before = client.getQueryData(queryKey)?.find((workflow) => workflow.id === workflowId);
      client.setQueryData(queryKey, (workflows) => workflows?.map((workflow) => (workflow.id === workflowId ? { ...workflow, enabled } : workflow)));
      return { before };
    },
    onError: (_error, _enabled, context) => {
      const before = context?.before;
      if (before) client.setQueryData(queryKey, (workflows) => withWorkflow(workflows, before));
    },
    onSuccess: (workflow) => {
      client.setQueryData(queryKey, (workflows) => withWorkflow(workflows, workflow));
    },
  });
}

/**
 * Deletes, then forgets the workflow everywhere: out of the list, its status and webhook triggers dropped
 * (they sit under its detail key), so nothing polls or shows it again. `onDeleted` runs in the hook, not
 * per call: the page that asked unmounts as soon as the list no longer holds the workflow.
 */
export function useDeleteWorkflow(workflowId: number, { onDeleted }: { onDeleted: () => void }) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => deleteWorkflow(workflowId),
    onSuccess: async () => {
      client.setQueryData(workflowQueries.list().queryKey, (workflows) => workflows?.filter((workflow) => workflow.id !== workflowId));
      await client.cancelQueries({ queryKey: workflowKeys.detail(workflowId) });
      client.removeQueries({ queryKey: workflowKeys.detail(workflowId) });
      onDeleted();
    },
  });
}

/**
 * The runs pages follow the live status: they are read again when its last run changes identity or
 * state (a run starts, a step moves, a run ends), so the list moves without polling itself.
 */
export function useRefetchRunsOnRunChange(workflowId: number, lastRun: WorkflowRun | null | undefined) {
  const signature = lastRun ? `${String(lastRun.id)}:${lastRun.lifecycle}:${lastRun.disposition}:${lastRun.steps.map((step) => step.state).join(',')}` : 'none';
  useRefetchWhenChanged(signature, workflowKeys.detail(workflowId, 'runs'));
}
