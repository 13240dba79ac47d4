import { Alert, Button, Stack, Stepper, TextInput } from '@mantine/core';
import type { UseMutationResult } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import type { EndpointNoun } from './endpoint-noun';
import { ErrorState } from './error-state';
import { PageHeader } from './page-header';

/** The spec chosen to create from, once known: its name for the service and its name for people. */
export interface ChosenSpec {
  name: string;
  label: string;
}

interface NewEndpointPageProps<T extends { displayName: string }, I> {
  noun: EndpointNoun;
  /** How the spec is chosen (a searchable list, a gallery) and what is shown of it. */
  chooser: ReactNode;
  spec: ChosenSpec | null;
  create: UseMutationResult<T, Error, I>;
  inputOf: (spec: string, displayName: string | undefined) => I;
  /** After creation: a line on what comes next, beside "Skip for now". */
  hint: string;
  /** Where "Skip for now" leads (saving the form leads there too). */
  onSkip: (created: T) => void;
  /** The configuration form of the new source or destination. */
  configure: (created: T) => ReactNode;
}

/** A new source or destination in two steps: a spec and a name, then the form drawn from the full spec that came back. */
export function NewEndpointPage<T extends { displayName: string }, I>({
  noun,
  chooser,
  spec,
  create,
  inputOf,
  hint,
  onSkip,
  configure,
}: NewEndpointPageProps<T, I>) {
  const [name, setName] = useState('');
  const created = create.data;
  return (
    <>
      <PageHeader
        section={`${noun}s`}
        title={`New ${noun}`}
        description={`Choose a ${noun} spec, name the ${noun}, create it, then fill in its configuration.`}
      />
      <Stepper active={created ? 1 : 0} mb="lg" size="sm" allowNextStepsSelect={false}>
        <Stepper.Step label="Spec and name" description={`Create the ${noun}`} />
        <Stepper.Step label="Configuration" description="Fill in its properties" />
      </Stepper>
      {!created ? (
        <Stack gap="md">
          {chooser}
          <Stack gap="md" maw={640}>
            <TextInput
              label="Name"
              description={`How this ${noun} is shown in Flowdeck. Empty: ${spec ? `“${spec.label}”` : "the spec's name"}.`}
              value={name}
              onChange={(event) => {
                setName(event.currentTarget.value);
              }}
            />
            {create.isError && <ErrorState error={create.error} />}
            <Button
              w="fit-content"
              disabled={!spec}
              loading={create.isPending}
              onClick={() => {
                if (spec) create.mutate(inputOf(spec.name, name.trim() === '' ? undefined : name.trim()));
              }}
            >
              Create {noun}
            </Button>
          </Stack>
        </Stack>
      ) : (
        <Stack gap="md">
          <Alert color="teal" variant="light" title={`Created “${created.displayName}”`}>
            {hint}{' '}
            <Button
              variant="subtle"
              size="compact-sm"
              onClick={() => {
                onSkip(created);
              }}
            >
              Skip for now
            </Button>
          </Alert>
          {configure(created)}
        </Stack>
      )}
    </>
  );
}
