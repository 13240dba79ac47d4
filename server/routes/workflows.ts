import { MESSAGES } from '@/api/messages';
import { DEFAULT_TIME_ZONE, NO_RETRIES } from '@/api/run-policy';
import { NotFound } from '@/service-rules/errors';
import { changesSchedule, scheduleAfter } from '@/service-rules/schedule';
import { workflowStatusOnWire } from '@/service-rules/status';
import { checkedSteps } from '@/service-rules/workflow-definition';
import type { Handlers } from '../http/operations';
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
import { isoOrNull, type WireWorkflow, type WireWorkflowStatus, workflowOnWire } from '@/service-rules/wire';
import type { FreshnessState } from '@/service-rules/freshness';
import { freshnessOfWorkflows } from '../runs/freshness';
import { attemptStatus } from './attempts-wire';
import { wireWorkflowRuns } from './workflow-runs-wire';

/** `freshness` undefined: the hosted shape, which has no such field. */
export const wireWorkflow = (workflow: WorkflowRow, freshness: FreshnessState | null | undefined): WireWorkflow =>
  workflowOnWire(
    {
      ...workflow,
      nodeSchemas: workflow.node_schemas,
      // A disabled workflow keeps its due time but will not run on it.
      nextRunAt: workflow.enabled ? workflow.next_run_at : null,
      timeZone: workflow.time_zone,
      retries: workflow.retries,
    },
    freshness,
  );

export function workflowHandlers(services: Services) {
  const { db, runs } = services;
  /** Workflows on the wire with Flowdeck's freshness, which the hosted profile leaves out. */
  const wireWorkflows = async (workflows: WorkflowRow[]): Promise<WireWorkflow[]> => {
    if (services.profile === 'hosted') return workflows.map((workflow) => wireWorkflow(workflow, undefined));
    const freshness = await freshnessOfWorkflows(db, workflows);
    return workflows.map((workflow) => wireWorkflow(workflow, freshness.get(workflow.id)?.state ?? null));
  };
  const wireOne = async (workflow: WorkflowRow): Promise<WireWorkflow> => {
    if (services.profile === 'hosted') return wireWorkflow(workflow, undefined);
    return wireWorkflow(workflow, (await freshnessOfWorkflows(db, [workflow])).get(workflow.id)?.state ?? null);
  };
  const find = async (id: number) => {
    const workflow = await findWorkflow(db, id);
    if (!workflow) throw new NotFound();
    return workflow;
  };
  /** The fields to store: the definition must name flows that exist; the schedule by the shared rule (a workflow stores no cron as ''). */
  const fields = async (values: Omit<WorkflowFields, 'frequency' | 'cron' | 'nextRunAt'>, schedule: { frequency: string | null; cron: string | null }) => {
    await checkedSteps(values.definition, async (flowId) => (await findFlow(db, flowId)) !== undefined);
    return { ...values, frequency: schedule.frequency, cron: schedule.cron ?? '', nextRunAt: nextRunAt({ ...schedule, timeZone: values.timeZone }) };
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
    return workflowStatusOnWire(
      workflowId,
      runState,
      steps.map((attempt) => ({ label: attempt.flow_name, attempt: attemptStatus(attempt) })),
      lastRun,
    );
  };

  return {
    listWorkflows: async ({ query }) => ({ data: await wireWorkflows(await listWorkflows(db, query)) }),

    createWorkflow: async ({ body: input }) => {
      const values = {
        name: input.name,
        description: input.description ?? '',
        enabled: input.enabled ?? true,
        definition: input.definition,
        nodeSchemas: input.node_schemas ?? null,
        timeZone: input.timeZone ?? DEFAULT_TIME_ZONE,
        retries: input.retries ?? { ...NO_RETRIES },
      };
      return { data: await wireOne(await insertWorkflow(db, await fields(values, scheduleAfter({ frequency: null, cron: null }, input)))) };
    },

    updateWorkflow: async ({ params, body: input }) => {
      const workflow = await find(params.id);
      const values = {
        name: input.name ?? workflow.name,
        description: input.description ?? workflow.description,
        enabled: input.enabled ?? workflow.enabled,
        definition: input.definition ?? workflow.definition,
        nodeSchemas: input.node_schemas === undefined ? workflow.node_schemas : input.node_schemas,
        timeZone: input.timeZone ?? workflow.time_zone,
        retries: input.retries ?? workflow.retries,
      };
      const next = await fields(values, scheduleAfter(workflow, input));
      // Enabling or disabling counts as a schedule change: the next run is due from now.
      const rescheduled = changesSchedule(input) || input.enabled !== undefined;
      return { data: await wireOne(await updateWorkflowRow(db, workflow.id, rescheduled ? next : { ...next, nextRunAt: workflow.next_run_at })) };
    },

    deleteWorkflow: async ({ params }) => {
      const workflow = await find(params.id);
      await runs.cancelWorkflow(workflow.id);
      await deleteWorkflowRow(db, workflow.id);
      return { data: true };
    },

    getWorkflowStatus: async ({ params }) => status((await find(params.id)).id),

    listWorkflowRuns: async ({ params, query }) => {
      const workflow = await find(params.id);
      return { data: await wireWorkflowRuns(db, await listWorkflowRunRows(db, workflow.id, query)) };
    },

    rerunWorkflowRun: async ({ params }) => {
      const workflow = await find(params.id);
      await runs.rerunWorkflowRun(workflow.id, params.runId);
      return { message: MESSAGES.created };
    },

    runWorkflow: async ({ params }) => {
      const workflow = await find(params.id);
      await runs.runWorkflow(workflow.id, 'manual');
      return { message: MESSAGES.created };
    },

    cancelWorkflow: async ({ params }) => {
      const workflow = await find(params.id);
      await runs.cancelWorkflow(workflow.id);
      return { data: true };
    },
  } satisfies Partial<Handlers>;
}
