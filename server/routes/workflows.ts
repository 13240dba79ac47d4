import { Hono } from 'hono';
import type { AuthVariables } from '../http/auth';
import { badRequest, notFound } from '../http/errors';
import { idParam, pageParams, parseWith, readJson } from '../http/validate';
import { createWorkflowInputSchema, updateWorkflowInputSchema } from '@/api/workflows';
import { cronProblem, nextRunAt } from '../runs/schedule';
import { readDefinition } from '../runs/workflow-definition';
import type { Services } from '../services';
import type { AttemptRow } from '../store/attempts';
import { findFlow } from '../store/flows';
import {
  deleteWorkflowRow,
  findWorkflow,
  insertWorkflow,
  latestWorkflowRun,
  listWorkflows,
  updateWorkflowRow,
  type WorkflowFields,
  type WorkflowRow,
} from '../store/workflows';
import { type WireWorkflow, type WireWorkflowStatus } from '../wire';
import { RUN_CREATED } from './run-answers';
import { statusResources, statusState, unattributedErrors } from './status-wire';

function wireWorkflow(workflow: WorkflowRow): WireWorkflow {
  return {
    id: workflow.id,
    name: workflow.name,
    description: workflow.description,
    enabled: workflow.enabled,
    definition: workflow.definition,
    frequency: workflow.frequency ?? '',
    cron: workflow.cron,
    node_schemas: workflow.node_schemas,
  };
}

async function checkedFields(services: Services, fields: Omit<WorkflowFields, 'nextRunAt'>): Promise<WorkflowFields> {
  const read = readDefinition(fields.definition);
  if ('problem' in read) throw badRequest(`definition: ${read.problem}`);
  for (const step of read.steps) {
    if (!(await findFlow(services.db, step.flow))) throw badRequest(`definition: step "${step.id}" names flow ${String(step.flow)}, which does not exist.`);
  }
  const cron = fields.cron.trim();
  if (cron) {
    const problem = cronProblem(cron);
    if (problem) throw badRequest(`cron: ${problem}`);
  }
  const schedule = { frequency: cron ? null : (fields.frequency ?? 'manual'), cron };
  return { ...fields, ...schedule, nextRunAt: nextRunAt(schedule) };
}

/**
 * Unwrapped and UPPERCASE, as the interface documents (the rules in status-wire.ts, shared with flow
 * status); a workflow never run is NOT_RUNNING / NONE. Its resources are its steps' attempts'.
 */
async function workflowStatus(services: Services, workflowId: number): Promise<WireWorkflowStatus> {
  const run = await latestWorkflowRun(services.db, workflowId);
  if (!run) {
    const { lifecycle, disposition, completedAt } = statusState(undefined);
    return { id: workflowId, lifecycle, disposition, resources: [], errors: [], completedAt };
  }
  const { rows: attempts } = await services.db.query<AttemptRow & { flow_name: string }>(
    'SELECT a.*, f.display_name AS flow_name FROM run_attempts a JOIN flows f ON f.id = a.flow_id WHERE a.workflow_run_id = $1 ORDER BY a.id',
    [run.id],
  );
  // A workflow's flows may move resources of the same name: each is named after its flow too.
  const resources = attempts.flatMap((attempt) => statusResources(attempt, attempt.flow_name));
  const stepErrors = attempts.flatMap((attempt) => unattributedErrors(attempt).map((error) => `${attempt.flow_name}: ${error}`));
  const { lifecycle, disposition, completedAt } = statusState(run);
  return { id: workflowId, lifecycle, disposition, resources, errors: [...run.errors, ...stepErrors], completedAt };
}

export function workflowRoutes(services: Services) {
  const { db, runs } = services;
  const requireWorkflow = async (id: number) => {
    const workflow = await findWorkflow(db, id);
    if (!workflow) throw notFound();
    return workflow;
  };
  return new Hono<{ Variables: AuthVariables }>()
    .get('/', async (c) => c.json({ data: (await listWorkflows(db, pageParams(c))).map(wireWorkflow) }))
    .post('/', async (c) => {
      const input = parseWith(createWorkflowInputSchema, await readJson(c));
      const fields = await checkedFields(services, {
        name: input.name,
        description: input.description ?? '',
        enabled: input.enabled ?? true,
        definition: input.definition,
        frequency: input.frequency ?? null,
        cron: input.cron ?? '',
        nodeSchemas: input.node_schemas ?? null,
      });
      return c.json({ data: wireWorkflow(await insertWorkflow(db, fields)) }, 201);
    })
    .patch('/:id', async (c) => {
      const workflow = await requireWorkflow(idParam(c));
      const input = parseWith(updateWorkflowInputSchema, await readJson(c));
      const scheduleChanged = input.frequency !== undefined || input.cron !== undefined || input.enabled !== undefined;
      const fields = await checkedFields(services, {
        name: input.name ?? workflow.name,
        description: input.description ?? workflow.description,
        enabled: input.enabled ?? workflow.enabled,
        definition: input.definition ?? workflow.definition,
        frequency: input.frequency ?? (input.cron !== undefined ? null : workflow.frequency),
        cron: input.cron ?? (input.frequency !== undefined ? '' : workflow.cron),
        nodeSchemas: input.node_schemas === undefined ? workflow.node_schemas : input.node_schemas,
      });
      return c.json({
        data: wireWorkflow(await updateWorkflowRow(db, workflow.id, scheduleChanged ? fields : { ...fields, nextRunAt: workflow.next_run_at })),
      });
    })
    .delete('/:id', async (c) => {
      const workflow = await requireWorkflow(idParam(c));
      await runs.cancelWorkflow(workflow.id);
      await deleteWorkflowRow(db, workflow.id);
      return c.json({ data: true });
    })
    .get('/:id/status', async (c) => {
      const workflow = await requireWorkflow(idParam(c));
      return c.json(await workflowStatus(services, workflow.id));
    })
    .post('/:id/run', async (c) => {
      const workflow = await requireWorkflow(idParam(c));
      await runs.runWorkflow(workflow.id, 'manual');
      return c.json({ message: RUN_CREATED }, 201);
    })
    .post('/:id/cancel', async (c) => {
      const workflow = await requireWorkflow(idParam(c));
      await runs.cancelWorkflow(workflow.id);
      return c.json({ data: true });
    });
}
