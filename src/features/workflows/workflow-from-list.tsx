import { useSuspenseQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ApiError } from '@/api/errors';
import type { Workflow } from '@/api/workflows';
import { ErrorState } from '@/components/error-state';
import { workflowQueries } from '@/resources/workflows';

/**
 * The interface has no get-workflow operation: a workflow's pages read it from the list. `children` is
 * only rendered for a workflow that exists, so nothing keeps polling (or re-caching) a deleted one.
 */
export function WorkflowFromList({ workflowId, children }: { workflowId: number; children: (workflow: Workflow) => ReactNode }) {
  const { data: workflows } = useSuspenseQuery(workflowQueries.list());
  const workflow = workflows.find((candidate) => candidate.id === workflowId);
  if (!workflow) return <ErrorState error={new ApiError('not_found', `Workflow ${String(workflowId)} does not exist.`)} />;
  return children(workflow);
}
