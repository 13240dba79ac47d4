import type { Context } from 'hono';
import { MESSAGES } from '@/api/messages';
import { createWorkflowInputSchema, updateWorkflowInputSchema } from '@/api/workflows';
import { NotFound } from '@/service-rules/errors';
import { parseWith } from '@/service-rules/parse';
import { changesSchedule, scheduleAfter } from '@/service-rules/schedule';
import { workflowStatusOf } from '@/service-rules/status';
import { checkedSteps } from '@/service-rules/workflow-definition';
import type { Handlers } from '../http/operations';
import { idParam, pageParams, readJson } from '../http/validate';
import { nextRunAt } from '../runs/schedule';
import type { Services } from '../services';
import { workflowRunAttempts } from '../store/attempts';
import { findFlow } from '../store/flows';
import {
  deleteWorkflowRow,
  findWorkflow,
  insertWorkflow,
  latestWorkflowRun,
  listWorkflowRunRows,
  listWorkflows,
  updateWorkflowRow,
  type WorkflowFields,
  type WorkflowRow,
} from '../store/workflows';
import { isoOrNull, type WireWorkflow, type WireWorkflowStatus } from '@/service-rules/wire';
import type { FreshnessState } from '@/service-rules/freshness';
import { freshnessOfWorkflows } from '../runs/freshness';
import { attemptStatus } from './attempts-wire';
import { wireWorkflowRuns } from './workflow-runs-wire';

/** `freshness` undefined: the hosted shape, which has no such field. */
function wireWorkflow(workflow: WorkflowRow, freshness: FreshnessState | null | undefined): WireWorkflow {
  return {
    id: workflow.id,
    name: workflow.name,
    description: workflow.description,
    enabled: workflow.enabled,
    definition: workflow.definition,
    frequency: workflow.frequency ?? '',
    cron: workflow.cron,
    node_schemas: workflow.node_schemas,
    ...(freshness === undefined ? {} : { freshness }),
  };
}

export function workflowHandlers(services: Services) {
  const { db, runs } = services;
  /** Workflows on the wire with Flowdeck's freshness, which the hosted profile leaves out. */
  const wireWorkflows = async (workflows: WorkflowRow[]): Promise<WireWorkflow[]> => {
    if (services.profile === 'hosted') return workflows.map((workflow) => wireWorkflow(workflow, undefined));
    const freshness = await freshnessOfWorkflows(db, workflows);
    return workflows.map((workflow) => wireWorkflow(workflow, freshness.get(workflow.id)?.state ?? null));
  };
  const wireOne = async (workflow: WorkflowRow) => (await wireWorkflows([workflow]))[0];
  const find = async (c: Context) => {
    const workflow = await findWorkflow(db, idParam(c));
    if (!workflow) throw new NotFound();
    return workflow;
  };
  /** The fields to store: the definition must name flows that exist; the schedule by the shared rule (a workflow stores no cron as ''). */
  const fields = async (values: Omit<WorkflowFields, 'frequency' | 'cron' | 'nextRunAt'>, schedule: { frequency: string | null; cron: string | null }) => {
    await checkedSteps(values.definition, async (flowId) => (await findFlow(db, flowId)) !== undefined);
    return { ...values, frequency: schedule.frequency, cron: schedule.cron ?? '', nextRunAt: nextRunAt(schedule) };
  };

  /**
   * Unwrapped and UPPERCASE, as the interface documents; its resources are its steps' attempts', named
   * after their flows. Flowdeck's `lastRun` (the run with its steps' states) is left out by the hosted profile.
   */
  const status = async (workflowId: number): Promise<WireWorkflowStatus> => {
    const run = await latestWorkflowRun(db, workflowId);
    const steps = run ? await workflowRunAttempts(db, run.id) : [];
    const runState = run && { lifecycle: run.lifecycle, disposition: run.disposition, errors: run.errors, completedAt: isoOrNull(run.completed_at) };
    const lastRun = services.profile === 'hosted' ? undefined : run ? ((await wireWorkflowRuns(db, [run]))[0] ?? null) : null;
    return workflowStatusOf(
      workflowId,
      runState,
      steps.map((attempt) => ({ label: attempt.flow_name, attempt: attemptStatus(attempt) })),
      lastRun,
    );
  };

  return {
    listWorkflows: async (c) => c.json({ data: await wireWorkflows(await listWorkflows(db, pageParams(c))) }),

    createWorkflow: async (c) => {
      const input = parseWith(createWorkflowInputSchema, await readJson(c));
      const values = {
        name: input.name,
        description: input.description ?? '',
        enabled: input.enabled ?? true,
        definition: input.definition,
        nodeSchemas: input.node_schemas ?? null,
      };
      return c.json({ data: await wireOne(await insertWorkflow(db, await fields(values, scheduleAfter({ frequency: null, cron: null }, input)))) }, 201);
    },

    updateWorkflow: async (c) => {
      const workflow = await find(c);
      const input = parseWith(updateWorkflowInputSchema, await readJson(c));
      const values = {
        name: input.name ?? workflow.name,
        description: input.description ?? workflow.description,
        enabled: input.enabled ?? workflow.enabled,
        definition: input.definition ?? workflow.definition,
        nodeSchemas: input.node_schemas === undefined ? workflow.node_schemas : input.node_schemas,
      };
      const next = await fields(values, scheduleAfter(workflow, input));
      // Enabling or disabling counts as a schedule change: the next run is due from now.
      const rescheduled = changesSchedule(input) || input.enabled !== undefined;
      return c.json({ data: await wireOne(await updateWorkflowRow(db, workflow.id, rescheduled ? next : { ...next, nextRunAt: workflow.next_run_at })) });
    },

    deleteWorkflow: async (c) => {
      const workflow = await find(c);
      await runs.cancelWorkflow(workflow.id);
      await deleteWorkflowRow(db, workflow.id);
      return c.json({ data: true });
    },

    getWorkflowStatus: async (c) => c.json(await status((await find(c)).id)),

    listWorkflowRuns: async (c) => {
      const workflow = await find(c);
      return c.json({ data: await wireWorkflowRuns(db, await listWorkflowRunRows(db, workflow.id, pageParams(c))) });
    },

    runWorkflow: async (c) => {
      const workflow = await find(c);
      await runs.runWorkflow(workflow.id, 'manual');
      return c.json({ message: MESSAGES.created }, 201);
    },

    cancelWorkflow: async (c) => {
      const workflow = await find(c);
      await runs.cancelWorkflow(workflow.id);
      return c.json({ data: true });
    },
  } satisfies Partial<Handlers>;
}
