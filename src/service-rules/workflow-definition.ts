import { z } from 'zod';
import { idInputSchema } from '@/api/common';
import { InvalidInput } from './errors';

// A workflow's `definition` names the flows it runs:
//   { "steps": [ { "id": "orders", "flow": 1, "after": [] }, { "id": "marts", "flow": 4, "after": ["orders"] } ] }
// Steps run as soon as the steps in their `after` have succeeded; steps without `after` start together.
// A step whose dependency failed is skipped. `{ "flows": [1, 4] }` alone is read as steps in sequence.
// The service, the mock service and the dashboard's editor (as the user types) all judge a definition
// by `stepProblems`, so the words a user sees while typing are the words a refused save would answer.

const stepSchema = z.strictObject({
  id: z.string().min(1),
  flow: idInputSchema,
  after: z.array(z.string()).optional(),
});

const stepsDefinitionSchema = z.looseObject({ steps: z.array(stepSchema) });
const flowsDefinitionSchema = z.looseObject({ flows: z.array(idInputSchema) });

export interface WorkflowStep {
  id: string;
  flow: number;
  after: string[];
}

/** A step as the editor holds it while the user types: no flow picked yet is `null`. */
export interface StepDraft {
  id: string;
  flow: number | null;
  after: readonly string[];
}

export interface DefinitionProblem {
  /** The index of the step the problem is about and which of its fields; absent: the definition as a whole. */
  step?: number;
  field?: 'id' | 'flow' | 'after';
  message: string;
}

const quoted = (id: string) => `"${id}"`;

export const MAX_STEPS = 1000;

/**
 * What is wrong with these steps, each problem once, in the order of the steps: no steps, a blank or
 * duplicate id, no flow or a flow that does not exist (when `flowExists` is given), a step waiting for
 * a step that is not there, and steps that wait for each other in a circle.
 */
export function stepProblems(steps: readonly StepDraft[], flowExists?: (flowId: number) => boolean): DefinitionProblem[] {
  if (steps.length === 0) return [{ message: 'a workflow needs at least one step.' }];
  // Beyond any real workflow; it also bounds the depth of the walks over the steps here and where runs are read.
  if (steps.length > MAX_STEPS) return [{ message: `a workflow has at most ${String(MAX_STEPS)} steps; this one has ${String(steps.length)}.` }];
  const problems: DefinitionProblem[] = [];
  const ids = new Set(steps.map((step) => step.id));
  const seen = new Set<string>();
  steps.forEach((step, index) => {
    const name = step.id.trim() === '' ? `step ${String(index + 1)}` : `step ${quoted(step.id)}`;
    if (step.id.trim() === '') problems.push({ step: index, field: 'id', message: `step ${String(index + 1)} has no id.` });
    else if (seen.has(step.id)) problems.push({ step: index, field: 'id', message: `step id ${quoted(step.id)} is used twice.` });
    seen.add(step.id);
    if (step.flow === null) problems.push({ step: index, field: 'flow', message: `${name} has no flow.` });
    else if (flowExists && !flowExists(step.flow)) {
      problems.push({ step: index, field: 'flow', message: `${name} names flow ${String(step.flow)}, which does not exist.` });
    }
    const unknown = step.after.find((id) => !ids.has(id));
    if (unknown !== undefined) problems.push({ step: index, field: 'after', message: `${name} waits for ${quoted(unknown)}, which is not a step.` });
  });
  const circle = findCircle(steps);
  if (circle) problems.push({ step: circle.step, field: 'after', message: circle.message });
  return problems;
}

/** The first circle of waiting (depth-first from each step in order), told step by step. */
function findCircle(steps: readonly StepDraft[]): { step: number; message: string } | null {
  const indexOf = new Map<string, number>();
  steps.forEach((step, index) => {
    if (!indexOf.has(step.id)) indexOf.set(step.id, index);
  });
  const done = new Set<string>();
  // The walk's current path, in order and as a set: each waiting link is then looked at once (a definition
  // may list many), never compared along the whole path.
  const path: string[] = [];
  const onPath = new Set<string>();
  const visit = (id: string): string[] | null => {
    if (onPath.has(id)) return path.slice(path.indexOf(id));
    if (done.has(id)) return null;
    path.push(id);
    onPath.add(id);
    const index = indexOf.get(id);
    for (const next of index === undefined ? [] : (steps[index]?.after ?? [])) {
      if (!indexOf.has(next)) continue; // an unknown step is its own problem
      const circle = visit(next);
      if (circle) return circle;
    }
    path.pop();
    onPath.delete(id);
    done.add(id);
    return null;
  };
  for (const id of indexOf.keys()) {
    const circle = visit(id);
    if (!circle) continue;
    const [first] = circle;
    if (first === undefined) continue;
    const step = indexOf.get(first) ?? 0;
    if (circle.length === 1) return { step, message: `step ${quoted(first)} waits for itself.` };
    const links = circle.map((id, position) => `${quoted(id)} waits for ${quoted(circle[(position + 1) % circle.length] ?? first)}`);
    return { step, message: `steps wait for each other in a circle: ${links.join(', ')}.` };
  }
  return null;
}

/** Why the definition's shape is not a definition: the first misfit, said with the step it is in. */
function shapeProblem(definition: unknown): string {
  const parsed = stepsDefinitionSchema.safeParse(definition);
  const issue = parsed.success ? undefined : parsed.error.issues[0];
  const hasSteps = typeof definition === 'object' && definition !== null && 'steps' in definition;
  if (!hasSteps || !issue) return 'definition must have "steps" ([{ id, flow, after? }]) or "flows" ([flow ids]).';
  const [, index, field] = issue.path;
  const where = typeof index === 'number' ? `step ${String(index + 1)}` : '"steps"';
  return `${where}${field === undefined ? '' : ` ${String(field)}`}: ${issue.message}`;
}

/** The steps of a definition in their stored form: `{ flows }` read as a sequence. Null when it has neither shape. */
function stepsOf(definition: unknown): WorkflowStep[] | null {
  const withSteps = stepsDefinitionSchema.safeParse(definition);
  if (withSteps.success) return withSteps.data.steps.map((step) => ({ id: step.id, flow: step.flow, after: step.after ?? [] }));
  const withFlows = flowsDefinitionSchema.safeParse(definition);
  if (!withFlows.success) return null;
  const stepId = (index: number) => `step-${String(index + 1)}`;
  return withFlows.data.flows.map((flow, index) => ({ id: stepId(index), flow, after: index === 0 ? [] : [stepId(index - 1)] }));
}

/** The steps of a definition, or a message saying why it cannot run (flows are not looked up here). */
export function readDefinition(definition: unknown): { steps: WorkflowStep[] } | { problem: string } {
  const steps = stepsOf(definition);
  if (!steps) return { problem: shapeProblem(definition) };
  const [problem] = stepProblems(steps);
  return problem ? { problem: problem.message } : { steps };
}

/** The flows a definition runs, by the service's reading of it (none when it cannot run). */
export function flowsOfDefinition(definition: unknown): number[] {
  const read = readDefinition(definition);
  return 'steps' in read ? read.steps.map((step) => step.flow) : [];
}

/** The definition the editor stores: `{ steps: [{ id, flow, after }] }`, keeping any other member it had besides `flows`. */
export function definitionWith(previous: unknown, steps: readonly WorkflowStep[]): Record<string, unknown> {
  const others = typeof previous === 'object' && previous !== null && !Array.isArray(previous) ? (previous as Record<string, unknown>) : {};
  const kept = Object.fromEntries(Object.entries(others).filter(([name]) => name !== 'flows' && name !== 'steps'));
  return { ...kept, steps: steps.map((step) => ({ id: step.id, flow: step.flow, after: [...step.after] })) };
}

/**
 * The steps of a definition a workflow is saved with: 400 when it cannot run or names a flow that does
 * not exist (`flowExists` asks the store, or the mock's state).
 */
export async function checkedSteps(definition: unknown, flowExists: (flowId: number) => boolean | Promise<boolean>): Promise<WorkflowStep[]> {
  const steps = stepsOf(definition);
  if (!steps) throw new InvalidInput(`definition: ${shapeProblem(definition)}`);
  const existing = new Set<number>();
  for (const flow of new Set(steps.map((step) => step.flow))) if (await flowExists(flow)) existing.add(flow);
  const [problem] = stepProblems(steps, (flow) => existing.has(flow));
  if (problem) throw new InvalidInput(`definition: ${problem.message}`);
  return steps;
}
