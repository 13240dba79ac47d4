import { HttpResponse, type HttpHandler } from 'msw';
import { z } from 'zod';
import type { WebhookTriggerRecord, WorkflowRecord } from './records';
import { badRequest, dataResponse, messageResponse, notFound } from './responses';
import { idParam, type MockContext, paginate, parseBody, readJson, route, type RouteInput } from './route';
import { wireTrigger, wireWorkflow, wireWorkflowStatus } from './serialize';

/** Flowdeck's create-trigger body; src/api has no writer for it, so the mock keeps its own. */
const createTriggerBodySchema = z.strictObject({ provider: z.string().min(1), event_type: z.string().min(1), signing_secret: z.string().min(1).optional() });

function findWorkflow(context: MockContext, input: RouteInput): WorkflowRecord {
  const workflow = context.db.workflow(idParam(input));
  if (!workflow) throw notFound();
  return workflow;
}

function findTrigger(context: MockContext, input: RouteInput): WebhookTriggerRecord {
  const workflow = findWorkflow(context, input);
  const triggerId = idParam(input, 'triggerId');
  const trigger = context.db.state.triggers.find((candidate) => candidate.id === triggerId && candidate.workflowId === workflow.id);
  if (!trigger) throw notFound();
  return trigger;
}

export function workflowHandlers(context: MockContext): HttpHandler[] {
  const { db } = context;
  return [
    route(context, 'listWorkflows', 'get', '/v2/workflows', 'workflows', ({ url }) => dataResponse(paginate(db.state.workflows, url).map(wireWorkflow))),

    // The one body without the `{ data }` wrapper, in UPPERCASE.
    route(context, 'getWorkflowStatus', 'get', '/v2/workflows/:id/status', 'workflows', (input) =>
      HttpResponse.json(wireWorkflowStatus(db, findWorkflow(context, input))),
    ),

    route(context, 'runWorkflow', 'post', '/v2/workflows/:id/run', 'workflows', (input) => {
      const workflow = findWorkflow(context, input);
      if (!workflow.enabled) throw badRequest(`Workflow ${String(workflow.id)} is disabled.`);
      if (db.activeWorkflowRun(workflow.id)) throw badRequest(`Workflow ${String(workflow.id)} is already running.`);
      db.startWorkflowRun(workflow);
      return messageResponse('Created', 201);
    }),

    route(context, 'cancelWorkflow', 'post', '/v2/workflows/:id/cancel', 'workflows', (input) => {
      const run = db.activeWorkflowRun(findWorkflow(context, input).id);
      if (run) db.cancelRun(run);
      return dataResponse(true);
    }),

    // The success body is undocumented: 204 without one.
    route(context, 'deleteWorkflow', 'delete', '/v2/workflows/:id', 'workflows', (input) => {
      db.deleteWorkflow(findWorkflow(context, input).id);
      return new HttpResponse(null, { status: 204 });
    }),

    route(context, 'listWebhookTriggers', 'get', '/v2/workflows/:id/webhooks', 'workflows', (input) => {
      const workflow = findWorkflow(context, input);
      const triggers = db.state.triggers.filter((trigger) => trigger.workflowId === workflow.id);
      return dataResponse(paginate(triggers, input.url).map(wireTrigger));
    }),

    route(context, 'createWebhookTrigger', 'post', '/v2/workflows/:id/webhooks', 'workflows', async (input) => {
      const workflow = findWorkflow(context, input);
      const body = parseBody(createTriggerBodySchema, await readJson(input.request));
      const id = db.nextId('trigger');
      const webhookId = `wh_${String(workflow.id)}_${body.event_type}_${String(id).padStart(4, '0')}`;
      const trigger: WebhookTriggerRecord = {
        id,
        webhookId,
        workflowId: workflow.id,
        provider: body.provider,
        url: `${input.url.origin}/v2/webhooks/${webhookId}`,
        status: 'active',
        triggerCount: 0,
        credentialSourceId: null,
        createdAt: db.now(),
        eventType: body.event_type,
        lastTriggeredAt: null,
      };
      db.state.triggers.push(trigger);
      return dataResponse(wireTrigger(trigger), 201);
    }),

    route(context, 'getWebhookTrigger', 'get', '/v2/workflows/:id/webhooks/:triggerId', 'workflows', (input) =>
      dataResponse(wireTrigger(findTrigger(context, input))),
    ),

    route(context, 'deleteWebhookTrigger', 'delete', '/v2/workflows/:id/webhooks/:triggerId', 'workflows', (input) => {
      const trigger = findTrigger(context, input);
      db.state.triggers = db.state.triggers.filter((candidate) => candidate !== trigger);
      return dataResponse(true);
    }),
  ];
}
