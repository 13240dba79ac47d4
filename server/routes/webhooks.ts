import { doesNotExist } from '@/api/messages';
import { InvalidInput, NotFound } from '@/service-rules/errors';
import type { Handlers } from '../http/operations';
import type { Services } from '../services';
import { findSource } from '../store/sources';
import { deleteWebhookRow, findWebhook, insertWebhook, listWebhooks, type WebhookRow } from '../store/webhooks';
import { findWorkflow } from '../store/workflows';
import { triggerOnWire, type WireWebhookTrigger } from '@/service-rules/wire';

export function webhookUrl(origin: string, webhookId: string): string {
  return `${origin}/v2/webhooks/${webhookId}`;
}

function wireWebhook(webhook: WebhookRow, origin: string): WireWebhookTrigger {
  return triggerOnWire({
    id: webhook.id,
    webhookId: webhook.webhook_id,
    workflowId: webhook.workflow_id,
    provider: webhook.provider,
    url: webhookUrl(origin, webhook.webhook_id),
    status: webhook.status,
    triggerCount: webhook.trigger_count,
    credentialSourceId: webhook.credential_source_id,
    createdAt: webhook.created_at,
    eventType: webhook.event_type,
    lastTriggeredAt: webhook.last_triggered_at,
  });
}

/** /v2/workflows/{id}/webhooks: get and delete as the interface says; list and create are Flowdeck's. */
export function webhookHandlers(services: Services) {
  const { db } = services;
  const requireWorkflow = async (id: number) => {
    const workflow = await findWorkflow(db, id);
    if (!workflow) throw new NotFound();
    return workflow;
  };
  const requireWebhook = async (workflowId: number, id: number) => {
    const webhook = await findWebhook(db, workflowId, id);
    if (!webhook) throw new NotFound();
    return webhook;
  };
  return {
    listWebhookTriggers: async ({ params, query }) => {
      const workflow = await requireWorkflow(params.id);
      const origin = services.publicOrigin();
      return { data: (await listWebhooks(db, workflow.id, query)).map((webhook) => wireWebhook(webhook, origin)) };
    },

    createWebhookTrigger: async ({ params, body: input }) => {
      const workflow = await requireWorkflow(params.id);
      if (input.credential_source_id !== undefined && !(await findSource(db, input.credential_source_id))) {
        throw new InvalidInput(doesNotExist('Source', input.credential_source_id));
      }
      const webhook = await insertWebhook(db, {
        workflowId: workflow.id,
        provider: input.provider,
        eventType: input.event_type,
        signingSecret: input.signing_secret ? services.box.seal(input.signing_secret) : null,
        credentialSourceId: input.credential_source_id ?? null,
      });
      return { data: wireWebhook(webhook, services.publicOrigin()) };
    },

    getWebhookTrigger: async ({ params }) => {
      const webhook = await requireWebhook(params.id, params.webhook_trigger_id);
      return { data: wireWebhook(webhook, services.publicOrigin()) };
    },

    deleteWebhookTrigger: async ({ params }) => {
      const webhook = await requireWebhook(params.id, params.webhook_trigger_id);
      await deleteWebhookRow(db, webhook.id);
      return { data: true };
    },
  } satisfies Partial<Handlers>;
}
