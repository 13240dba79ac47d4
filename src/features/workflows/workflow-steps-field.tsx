import { Button, Fieldset, Group, MultiSelect, Select, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { type Control, Controller, useFieldArray, useWatch } from 'react-hook-form';
import type { Flow } from '@/api/flows';
import type { DefinitionProblem } from '@/service-rules/workflow-definition';
import classes from './workflow-form.module.css';
import { asSentence, stepIdFor, type WorkflowFormValues } from './workflow-form-schema';

interface StepsFieldProps {
  control: Control<WorkflowFormValues>;
  /** The flows to pick from; undefined while they load (or when they cannot be listed). */
  flows: readonly Flow[] | undefined;
  /** The definition's problems as typed (the service's rule), shown under the field each is about. */
  problems: readonly DefinitionProblem[];
  /** After a save was tried: problems of the definition as a whole show too (no steps at all). */
  submitted: boolean;
}

const messages = (problems: readonly DefinitionProblem[]) =>
  problems.length === 0 ? undefined : problems.map((problem) => asSentence(problem.message)).join(' ');

/**
 * The steps: add one by picking a flow (its id defaults from the flow's name), then set its id and the
 * steps it waits for. Every change is judged at once by the definition rule; nothing is refused silently.
 */
export function StepsField({ control, flows, problems, submitted }: StepsFieldProps) {
  const { fields, append, remove } = useFieldArray({ control, name: 'steps' });
  const steps = useWatch({ control, name: 'steps' });
  const [search, setSearch] = useState('');
  const flowOptions = (flows ?? []).map((flow) => ({ value: String(flow.id), label: flow.displayName || `Flow ${String(flow.id)}` }));
  const problemsAt = (index: number, field: DefinitionProblem['field']) =>
    messages(problems.filter((problem) => problem.step === index && problem.field === field));
  const whole = problems.filter((problem) => problem.step === undefined);

  return (
    <Stack gap="sm" component="section" aria-labelledby="steps-title">
      <Text id="steps-title" fw={600} size="sm">
        Steps
      </Text>
      {fields.length === 0 && (
        <Text size="sm" c="dimmed">
          A workflow runs flows as steps. Add the first one by picking a flow.
        </Text>
      )}
      {fields.map((field, index) => {
        const own = steps[index];
        const otherIds = [...new Set(steps.filter((_, other) => other !== index).map((step) => step.stepId))].filter((id) => id !== '' && id !== own?.stepId);
        // A step it waits for that is not there any more stays visible, so the problem below it can be fixed.
        const afterOptions = [...new Set([...otherIds, ...(own?.after ?? [])])].map((id) => ({ value: id, label: id }));
        const knownFlow = flowOptions.some((option) => option.value === own?.flow);
        const flowData = knownFlow || !own?.flow ? flowOptions : [...flowOptions, { value: own.flow, label: `Flow ${own.flow} (not found)` }];
        const name = own && own.stepId !== '' ? own.stepId : String(index + 1);
        return (
          <Fieldset key={field.id} legend={`Step ${String(index + 1)}`} variant="filled" p="sm">
            <div className={classes.stepGrid}>
              <Controller
                control={control}
                name={`steps.${index}.flow`}
                render={({ field: flow }) => (
                  <Select
                    label="Flow"
                    placeholder="Search your flows"
                    searchable
                    allowDeselect={false}
                    nothingFoundMessage="No flow matches"
                    data={flowData}
                    value={flow.value || null}
                    onChange={(value) => {
                      flow.onChange(value ?? '');
                    }}
                    onBlur={flow.onBlur}
                    ref={flow.ref}
                    error={problemsAt(index, 'flow')}
                  />
                )}
              />
              <Controller
                control={control}
                name={`steps.${index}.stepId`}
                render={({ field: stepId }) => (
                  <TextInput
                    label="Step id"
                    autoComplete="off"
                    spellCheck={false}
                    styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
                    {...stepId}
                    error={problemsAt(index, 'id')}
                  />
                )}
              />
            </div>
            <Controller
              control={control}
              name={`steps.${index}.after`}
              render={({ field: after }) => (
                <MultiSelect
                  label="Waits for"
                  placeholder={after.value.length === 0 ? 'Starts when the run starts' : undefined}
                  data={afterOptions}
                  value={after.value}
                  onChange={after.onChange}
                  onBlur={after.onBlur}
                  ref={after.ref}
                  searchable
                  clearable
                  nothingFoundMessage="No other step"
                  error={problemsAt(index, 'after')}
                  mt="sm"
                />
              )}
            />
            <Group justify="flex-end" mt="xs">
              <Button
                variant="subtle"
                color="red"
                size="compact-sm"
                aria-label={`Remove step ${name}`}
                onClick={() => {
                  remove(index);
                }}
              >
                Remove
              </Button>
            </Group>
          </Fieldset>
        );
      })}
      <Select
        label={fields.length === 0 ? 'Add a step' : 'Add another step'}
        description="Pick the flow it runs; its id comes from the flow's name."
        placeholder={flows ? 'Search your flows' : 'Loading flows…'}
        disabled={!flows}
        searchable
        data={flowOptions}
        value={null}
        searchValue={search}
        onSearchChange={setSearch}
        nothingFoundMessage="No flow matches"
        onChange={(value) => {
          if (!value) return;
          const flow = flows?.find((candidate) => String(candidate.id) === value);
          append({
            stepId: stepIdFor(
              flow?.displayName ?? `flow ${value}`,
              steps.map((step) => step.stepId),
            ),
            flow: value,
            after: [],
          });
          setSearch('');
        }}
        error={submitted ? messages(whole) : undefined}
      />
    </Stack>
  );
}
