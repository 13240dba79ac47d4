import { queryOptions } from '@tanstack/react-query';
import { listFlows } from '@/api/flows';

export const flowQueries = {
  all: () => ['flows'] as const,
  list: () => queryOptions({ queryKey: [...flowQueries.all(), 'list'], queryFn: ({ signal }) => listFlows({ signal }) }),
};
