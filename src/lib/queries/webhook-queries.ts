import { queryOptions } from '@tanstack/react-query';
import { getWebhookTrigger, listWebhookTriggers } from '@/api/webhooks';
import { workflowQueries } from './workflow-queries';

/** Under the workflow's key, so deleting a workflow drops its triggers from the cache too. */
export const webhookQueries = {
  all: (workflowId: number) => [...workflowQueries.detail(workflowId), 'webhooks'] as const,
  list: (workflowId: number) =>
    queryOptions({ queryKey: [...webhookQueries.all(workflowId), 'list'], queryFn: ({ signal }) => listWebhookTriggers(workflowId, { signal }) }),
  byId: (workflowId: number, triggerId: number) =>
    queryOptions({
      queryKey: [...webhookQueries.all(workflowId), triggerId],
      queryFn: ({ signal }) => getWebhookTrigger(workflowId, triggerId, { signal }),
    }),
};
