import { z } from 'zod';
import type { CreateWorkflowInput, Workflow } from '@/api/workflows';
import { runPolicyFormDefaults, runPolicyFormFields, runPolicyInput } from '@/lib/run-policy-form';
import { checkScheduleForm, scheduleFormDefaults, scheduleFormFields, scheduleInput } from '@/lib/schedule-form';
import { type DefinitionProblem, definitionWith, readDefinition, type StepDraft, stepProblems } from '@/service-rules/workflow-definition';

// What the workflow editor holds, as typed. A step's flow stays a string (a select's value) until it is
// sent. Its steps are judged by the definition rule the service applies (src/service-rules), live.

const stepFormSchema = z.object({ stepId: z.string(), flow: z.string(), after: z.array(z.string()) });
export type StepFormValues = z.infer<typeof stepFormSchema>;

const FIELDS = { id: 'stepId', flow: 'flow', after: 'after' } as const;

/** The rule's lowercase sentence as a form message. */
export const asSentence = (message: string) => message.charAt(0).toUpperCase() + message.slice(1);

export function toDrafts(steps: readonly StepFormValues[]): StepDraft[] {
  return steps.map((step) => ({ id: step.stepId, flow: /^[1-9]\d*$/.test(step.flow) ? Number(step.flow) : null, after: step.after }));
}

/** The definition's problems as typed; `flowExists` is left out while the flows are not known. */
export function formStepProblems(steps: readonly StepFormValues[], flowExists?: (flowId: number) => boolean): DefinitionProblem[] {
  return stepProblems(toDrafts(steps), flowExists);
}

/**
 * `keepDefinition`: the saved definition is not one the editor can show as steps; it is kept as it is
 * unless the user adds steps, which then replace it.
 */
export function workflowFormSchema(flowExists?: (flowId: number) => boolean) {
  return z
    .object({
      name: z.string().trim().min(1, 'Give the workflow a name'),
      description: z.string(),
      enabled: z.boolean(),
      ...scheduleFormFields,
      ...runPolicyFormFields,
      steps: z.array(stepFormSchema),
      keepDefinition: z.boolean(),
    })
    .superRefine((values, context) => {
      checkScheduleForm(values, context);
      if (values.keepDefinition && values.steps.length === 0) return;
      for (const problem of formStepProblems(values.steps, flowExists)) {
        const path = problem.step === undefined ? ['steps'] : ['steps', problem.step, problem.field ? FIELDS[problem.field] : 'stepId'];
        context.addIssue({ code: 'custom', path, message: asSentence(problem.message) });
      }
    });
}

export type WorkflowFormValues = z.input<ReturnType<typeof workflowFormSchema>>;
export type WorkflowFormOutput = z.output<ReturnType<typeof workflowFormSchema>>;

export function workflowFormDefaults(workflow?: Workflow): WorkflowFormValues {
  if (!workflow) return { name: '', description: '', enabled: true, ...scheduleFormDefaults(), ...runPolicyFormDefaults(), steps: [], keepDefinition: false };
  const read = readDefinition(workflow.definition);
  const steps = 'steps' in read ? read.steps.map((step) => ({ stepId: step.id, flow: String(step.flow), after: [...step.after] })) : [];
  return {
    name: workflow.name,
    description: workflow.description,
    enabled: workflow.enabled,
    ...scheduleFormDefaults(workflow),
    ...runPolicyFormDefaults(workflow),
    steps,
    keepDefinition: !('steps' in read),
  };
}

/**
 * What the form saves besides the definition: name, description, enabled, the chosen kind of schedule, and
 * the time zone and retries where they differ from the saved workflow's (a new one's: UTC, no retries).
 */
export function workflowFields(values: WorkflowFormOutput, saved?: Workflow): Omit<CreateWorkflowInput, 'definition'> {
  return { name: values.name, description: values.description, enabled: values.enabled, ...scheduleInput(values), ...runPolicyInput(values, saved) };
}

/**
 * The definition to save, in the stored format (`{ steps: [{ id, flow, after }] }`, other members of the
 * saved one kept); undefined when a definition the editor cannot show is kept as it was.
 */
export function definitionToSave(values: WorkflowFormOutput, previousDefinition: unknown): Record<string, unknown> | undefined {
  if (values.keepDefinition && values.steps.length === 0) return undefined;
  return definitionWith(
    previousDefinition,
    values.steps.map((step) => ({ id: step.stepId, flow: Number(step.flow), after: step.after })),
  );
}

/** A step id from a flow's name (`Orders to warehouse` → `orders-to-warehouse`), made unique among `taken`. */
export function stepIdFor(flowName: string, taken: readonly string[]): string {
  const base =
    flowName
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '') || 'step';
  let id = base;
  for (let n = 2; taken.includes(id); n += 1) id = `${base}-${String(n)}`;
  return id;
}
