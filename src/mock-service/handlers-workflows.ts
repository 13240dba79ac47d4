import { HttpResponse, type HttpHandler } from 'msw';
import { doesNotExist, MESSAGES, workflowAlreadyRunning } from '@/api/messages';
import type { UpdateWorkflowInput } from '@/api/workflows';
import { Conflict, InvalidInput, NotFound } from '@/service-rules/errors';
import { scheduleAfter } from '@/service-rules/schedule';
import { checkedSteps } from '@/service-rules/workflow-definition';
import type { MockDb } from './db';
import type { WebhookTriggerRecord, WorkflowRecord } from './records';
import { dataResponse, messageResponse } from './responses';
import { type MockContext, paginate, route } from './route';
import { wireTrigger, wireWorkflow, wireWorkflowStatus } from './serialize';
import { wireWorkflowRun } from './workflow-runs';

function findWorkflow(context: MockContext, id: number): WorkflowRecord {
  const workflow = context.db.workflow(id);
  if (!workflow) throw new NotFound();
  return workflow;
}

function findTrigger(context: MockContext, { id, webhook_trigger_id: triggerId }: { id: number; webhook_trigger_id: number }): WebhookTriggerRecord {
  const workflow = findWorkflow(context, id);
  const trigger = context.db.state.triggers.find((candidate) => candidate.id === triggerId && candidate.workflowId === workflow.id);
  if (!trigger) throw new NotFound();
  return trigger;
}

type WorkflowFields = Omit<WorkflowRecord, 'id'>;

/** The fields after a write, by the service's rules: a definition whose steps name flows that exist, the schedule. */
async function workflowFields(db: MockDb, current: WorkflowFields, input: UpdateWorkflowInput): Promise<WorkflowFields> {
  const definition = input.definition ?? current.definition;
  await checkedSteps(definition, (flowId) => db.flow(flowId) !== undefined);
  const schedule = scheduleAfter(current, input);
  return {
    name: input.name ?? current.name,
    description: input.description ?? current.description,
    enabled: input.enabled ?? current.enabled,
    definition,
    frequency: schedule.frequency,
    cron: schedule.cron ?? '',
    nodeSchemas: input.node_schemas === undefined ? current.nodeSchemas : input.node_schemas,
  };
}

const NEW_WORKFLOW: WorkflowFields = { name: '', description: '', enabled: true, definition: {}, frequency: null, cron: '', nodeSchemas: null };

export function workflowHandlers(context: MockContext): HttpHandler[] {
  const { db } = context;
  return [
    route(context, 'listWorkflows', ({ query }) => dataResponse(paginate(db.state.workflows, query).map((record) => wireWorkflow(db, record)))),

    route(context, 'createWorkflow', async ({ body }) => {
      const fields = await workflowFields(db, NEW_WORKFLOW, body);
      const workflow: WorkflowRecord = { id: Math.max(0, ...db.state.workflows.map((item) => item.id)) + 1, ...fields };
      db.state.workflows.push(workflow);
      return dataResponse(wireWorkflow(db, workflow), 201);
    }),

    route(context, 'updateWorkflow', async ({ params, body }) => {
      const workflow = findWorkflow(context, params.id);
      Object.assign(workflow, await workflowFields(db, workflow, body));
      return dataResponse(wireWorkflow(db, workflow));
    }),

    // The one body without the `{ data }` wrapper, in UPPERCASE.
    route(context, 'getWorkflowStatus', ({ params }) => HttpResponse.json(wireWorkflowStatus(db, findWorkflow(context, params.id)))),

    route(context, 'listWorkflowRuns', ({ params, query }) => {
      const workflow = findWorkflow(context, params.id);
      return dataResponse(paginate(db.workflowRuns(workflow.id), query).map((run) => wireWorkflowRun(run, db.now())));
    }),

    route(context, 'runWorkflow', ({ params }) => {
      const workflow = findWorkflow(context, params.id);
      if (db.activeWorkflowRun(workflow.id)) throw new Conflict(workflowAlreadyRunning(workflow.id));
      db.startWorkflowRun(workflow);
      return messageResponse(MESSAGES.created, 201);
    }),

    route(context, 'cancelWorkflow', ({ params }) => {
      const run = db.activeWorkflowRun(findWorkflow(context, params.id).id);
      if (run) db.cancelRun(run);
      return dataResponse(true);
    }),

    // The success body is undocumented: 204 without one.
    route(context, 'deleteWorkflow', ({ params }) => {
      db.deleteWorkflow(findWorkflow(context, params.id).id);
      return new HttpResponse(null, { status: 204 });
    }),

    route(context, 'listWebhookTriggers', ({ params, query }) => {
      const workflow = findWorkflow(context, params.id);
      const triggers = db.state.triggers.filter((trigger) => trigger.workflowId === workflow.id);
      return dataResponse(paginate(triggers, query).map(wireTrigger));
    }),

    route(context, 'createWebhookTrigger', ({ params, body, url }) => {
      const workflow = findWorkflow(context, params.id);
      if (body.credential_source_id !== undefined && !db.source(body.credential_source_id))
        throw new InvalidInput(doesNotExist('Source', body.credential_source_id));
      const id = db.nextId('trigger');
      const webhookId = `wh_${String(workflow.id)}_${body.event_type}_${String(id).padStart(4, '0')}`;
      const trigger: WebhookTriggerRecord = {
        id,
        webhookId,
        workflowId: workflow.id,
        provider: body.provider,
        url: `${url.origin}/v2/webhooks/${webhookId}`,
        status: 'active',
        triggerCount: 0,
        credentialSourceId: body.credential_source_id ?? null,
        createdAt: db.now(),
        eventType: body.event_type,
        lastTriggeredAt: null,
      };
      db.state.triggers.push(trigger);
      return dataResponse(wireTrigger(trigger), 201);
    }),

    route(context, 'getWebhookTrigger', ({ params }) => dataResponse(wireTrigger(findTrigger(context, params)))),

    route(context, 'deleteWebhookTrigger', ({ params }) => {
      const trigger = findTrigger(context, params);
      db.state.triggers = db.state.triggers.filter((candidate) => candidate !== trigger);
      return dataResponse(true);
    }),

    // A provider's delivery to a trigger's url starts its workflow, as the service's does (the mock checks
    // no signatures: it keeps no signing secrets).
    route(context, 'deliverWebhook', ({ params }) => {
      const trigger = db.state.triggers.find((candidate) => candidate.webhookId === params.webhook_id && candidate.status === 'active');
      const workflow = trigger ? db.workflow(trigger.workflowId) : undefined;
      if (!trigger || !workflow) throw new NotFound();
      trigger.triggerCount += 1;
      trigger.lastTriggeredAt = db.now();
      if (!workflow.enabled) return messageResponse(MESSAGES.webhookWorkflowDisabled);
      // A workflow already running is answered 200, as the service answers it (Slack retries anything else).
      if (db.activeWorkflowRun(workflow.id)) return messageResponse(workflowAlreadyRunning(workflow.id));
      db.startWorkflowRun(workflow, 'webhook');
      return messageResponse(MESSAGES.webhookStarted, 201);
    }),
  ];
}
