import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  createWebhookTrigger,
  type CreateWebhookTriggerInput,
  deleteWebhookTrigger,
  getWebhookTrigger,
  listWebhookTriggers,
  type WebhookTrigger,
} from '@/api/webhooks';
import { resourceKeys } from './keys';
import { workflowKeys } from './workflows';

/** Under the workflow's key, so deleting a workflow drops its triggers from the cache too. */
export const webhookKeys = (workflowId: number) => resourceKeys(...workflowKeys.detail(workflowId, 'webhooks'));

export const webhookQueries = {
  list: (workflowId: number) =>
    queryOptions({ queryKey: webhookKeys(workflowId).list(), queryFn: ({ signal }) => listWebhookTriggers(workflowId, { signal }) }),
  /** The interface only gets a trigger by id: where the service cannot list them, the user opens them so. */
  detail: (workflowId: number, triggerId: number) =>
    queryOptions({ queryKey: webhookKeys(workflowId).detail(triggerId), queryFn: ({ signal }) => getWebhookTrigger(workflowId, triggerId, { signal }) }),
};

/** Creates a trigger; the list is read again, since only the service knows the new trigger's URL. */
export function useCreateWebhookTrigger(workflowId: number, { onCreated }: { onCreated: () => void }) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateWebhookTriggerInput) => createWebhookTrigger(workflowId, input),
    onSuccess: async () => {
      onCreated();
      await client.invalidateQueries({ queryKey: webhookQueries.list(workflowId).queryKey });
    },
  });
}

/** Deletes a trigger: gone from the list and from the triggers opened by id at once, then the list is read again. */
export function useDeleteWebhookTrigger(workflowId: number, { onDeleted }: { onDeleted: (trigger: WebhookTrigger) => void }) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (trigger: WebhookTrigger) => deleteWebhookTrigger(workflowId, trigger.id),
    onSuccess: async (_answer, trigger) => {
      client.setQueryData(webhookQueries.list(workflowId).queryKey, (triggers) => triggers?.filter((item) => item.id !== trigger.id));
      client.removeQueries({ queryKey: webhookQueries.detail(workflowId, trigger.id).queryKey });
      onDeleted(trigger);
      await client.invalidateQueries({ queryKey: webhookQueries.list(workflowId).queryKey });
    },
  });
}
