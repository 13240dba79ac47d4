import { useSuspenseQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { Workflow } from '@/api/workflows';
import { NotFoundPage } from '@/components/not-found-page';
import { workflowQueries } from '@/resources/workflows';

/**
 * The interface has no get-workflow operation: a workflow's pages read it from the list (an unknown id:
 * the not-found page). `children` is only rendered for a workflow that exists, so nothing keeps polling
 * (or re-caching) a deleted one.
 */
export function WorkflowFromList({ workflowId, children }: { workflowId: number; children: (workflow: Workflow) => ReactNode }) {
  const { data: workflows } = useSuspenseQuery(workflowQueries.list());
  const workflow = workflows.find((candidate) => candidate.id === workflowId);
  return workflow ? children(workflow) : <NotFoundPage />;
}
