import { Skeleton } from '@mantine/core';
import { type ComponentProps, lazy, Suspense } from 'react';
import type { WorkflowGraph as Graph } from './workflow-graph';

// The graph library (React Flow and dagre) is larger than a page: it comes in its own chunk when a graph is
// first shown, and the page around it does not wait for it.
const WorkflowGraph = lazy(() => import('./workflow-graph').then((module) => ({ default: module.WorkflowGraph })));

export function LazyWorkflowGraph(props: ComponentProps<typeof Graph>) {
  return (
    <Suspense fallback={<Skeleton height={160} radius="sm" role="status" aria-label="Loading the graph" aria-busy="true" />}>
      <WorkflowGraph {...props} />
    </Suspense>
  );
}
