import { queryOptions } from '@tanstack/react-query';
import { listWorkflows } from '@/api/workflows';

export const workflowQueries = {
  all: () => ['workflows'] as const,
  list: () => queryOptions({ queryKey: [...workflowQueries.all(), 'list'], queryFn: ({ signal }) => listWorkflows({ signal }) }),
};
