import { z } from 'zod';
import { idInputSchema } from '@/api/common';
import { InvalidInput } from './errors';

// A workflow's `definition` names the flows it runs:
//   { "steps": [ { "id": "orders", "flow": 1 }, { "id": "marts", "flow": 4, "after": ["orders"] } ] }
// Steps run as soon as the steps in their `after` have succeeded; steps without `after` start together.
// A step whose dependency failed is skipped. `{ "flows": [1, 4] }` alone is read as steps in sequence.

const stepSchema = z.strictObject({
  id: z.string().min(1),
  flow: idInputSchema,
  after: z.array(z.string()).optional(),
});

const stepsDefinitionSchema = z.looseObject({ steps: z.array(stepSchema).min(1) });
const flowsDefinitionSchema = z.looseObject({ flows: z.array(idInputSchema).min(1) });

export interface WorkflowStep {
  id: string;
  flow: number;
  after: string[];
}

/** The steps of a definition, or a message saying why it cannot run. */
export function readDefinition(definition: unknown): { steps: WorkflowStep[] } | { problem: string } {
  const withSteps = stepsDefinitionSchema.safeParse(definition);
  const withFlows = flowsDefinitionSchema.safeParse(definition);
  let steps: WorkflowStep[];
  if (withSteps.success) {
    steps = withSteps.data.steps.map((step) => ({ id: step.id, flow: step.flow, after: step.after ?? [] }));
  } else if (withFlows.success) {
    const stepId = (index: number) => `step-${String(index + 1)}`;
    steps = withFlows.data.flows.map((flow, index) => ({ id: stepId(index), flow, after: index === 0 ? [] : [stepId(index - 1)] }));
  } else {
    return { problem: 'definition must have "steps" ([{ id, flow, after? }]) or "flows" ([flow ids]).' };
  }
  const ids = new Set<string>();
  for (const step of steps) {
    if (ids.has(step.id)) return { problem: `step id "${step.id}" is used twice.` };
    ids.add(step.id);
  }
  for (const step of steps) {
    const unknown = step.after.find((id) => !ids.has(id));
    if (unknown !== undefined) return { problem: `step "${step.id}" runs after "${unknown}", which is not a step.` };
  }
  if (hasCycle(steps)) return { problem: 'the steps depend on each other in a circle.' };
  return { steps };
}

/** The flows a definition runs, by the service's reading of it (none when it cannot run). */
export function flowsOfDefinition(definition: unknown): number[] {
  const read = readDefinition(definition);
  return 'steps' in read ? read.steps.map((step) => step.flow) : [];
}

function hasCycle(steps: WorkflowStep[]): boolean {
  const done = new Set<string>();
  let progressed = true;
  while (progressed) {
    progressed = false;
    for (const step of steps) {
      if (!done.has(step.id) && step.after.every((id) => done.has(id))) {
        done.add(step.id);
        progressed = true;
      }
    }
  }
  return done.size !== steps.length;
}

/**
 * The steps of a definition a workflow is saved with: 400 when it cannot run or names a flow that does
 * not exist (`flowExists` asks the store, or the mock's state).
 */
export async function checkedSteps(definition: unknown, flowExists: (flowId: number) => boolean | Promise<boolean>): Promise<WorkflowStep[]> {
  const read = readDefinition(definition);
  if ('problem' in read) throw new InvalidInput(`definition: ${read.problem}`);
  for (const step of read.steps) {
    if (!(await flowExists(step.flow))) throw new InvalidInput(`definition: step "${step.id}" names flow ${String(step.flow)}, which does not exist.`);
  }
  return read.steps;
}
