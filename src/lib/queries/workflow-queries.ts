import { queryOptions } from '@tanstack/react-query';
import { getWorkflowStatus, listWorkflows } from '@/api/workflows';

export const workflowQueries = {
  all: () => ['workflows'] as const,
  list: () => queryOptions({ queryKey: [...workflowQueries.all(), 'list'], queryFn: ({ signal }) => listWorkflows({ signal }) }),
  /** Everything cached about one workflow (status, webhook triggers): removed together when it is deleted. */
  detail: (id: number) => [...workflowQueries.all(), id] as const,
  status: (id: number) => queryOptions({ queryKey: [...workflowQueries.detail(id), 'status'], queryFn: ({ signal }) => getWorkflowStatus(id, { signal }) }),
};
