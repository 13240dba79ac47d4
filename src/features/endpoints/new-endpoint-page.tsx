import { Alert, Button, Paper, Stack, Stepper, TextInput } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { ErrorState } from '@/components/error-state';
import { PageHeader } from '@/components/page-header';
import { PermissionNotice, PermittedButton, PermittedFieldset } from '@/components/permitted';
import { usePermission } from '@/resources/identity';
import { BlockSkeleton } from '@/components/skeletons';
import { SpecSummary, type SpecSummaryData } from '@/components/spec-summary';
import { ConfigureEndpoint } from './endpoint-configuration';
import type { Endpoint, EndpointKind } from './endpoint-kind';
import { SpecSearch } from './spec-search';

interface NewEndpointPageProps<T extends Endpoint, C> {
  kind: EndpointKind<T, C>;
  /** Where the service does not list its specs: another way to find one (a source spec is looked up by name). */
  unlisted?: (choose: (spec: SpecSummaryData) => void) => ReactNode;
  /** A line about what comes next for the chosen spec (a CSV file is uploaded in the form). */
  chosenNote?: (spec: SpecSummaryData) => ReactNode;
  /** The new one's form, where it differs from the plain one (a source's has Test connection). */
  configure?: (created: T, onSaved: (saved: T) => void) => ReactNode;
}

/**
 * A new source or destination, the same way for both: search the specs and pick one, name it and create
 * it, then fill in the form drawn from the full spec that came back (the spec lists carry no property
 * definitions, so the form can only come after creation).
 */
export function NewEndpointPage<T extends Endpoint, C>({ kind, unlisted, chosenNote, configure }: NewEndpointPageProps<T, C>) {
  const { noun } = kind;
  const specs = kind.useSpecs();
  const create = kind.useCreate();
  const permission = usePermission(kind.operations.create);
  // "Skip for now" and saving the form both lead to its page.
  const openCreated = kind.useOpenCreated();
  const [spec, setSpec] = useState<SpecSummaryData | null>(null);
  const [name, setName] = useState('');
  const created = create.data;
  const label = spec ? (spec.displayName ?? spec.name) : null;
  return (
    <>
      <PageHeader
        section={`${noun}s`}
        title={`New ${noun}`}
        description={`Find a ${noun} spec, name the ${noun}, create it, then fill in its configuration.`}
      />
      <Stepper active={created ? 1 : 0} mb="lg" size="sm" allowNextStepsSelect={false}>
        <Stepper.Step label="Spec and name" description={`Create the ${noun}`} />
        <Stepper.Step label="Configuration" description="Fill in its properties" />
      </Stepper>
      {!created ? (
        <Stack gap="md">
          <PermissionNotice permission={permission} />
          {specs.isPending ? (
            <BlockSkeleton label={`Loading ${noun} specs`} rows={2} />
          ) : specs.isError ? (
            // Outside the fieldset: reading the specs again is open to every role.
            <ErrorState error={specs.error} onRetry={() => void specs.refetch()} />
          ) : (
            <PermittedFieldset permission={permission}>
              {specs.data.available ? (
                <SpecSearch noun={noun} specs={specs.data.items} selected={spec?.name ?? null} onSelect={setSpec} />
              ) : (
                unlisted?.(setSpec)
              )}
            </PermittedFieldset>
          )}
          {spec && (
            <Paper withBorder p="md" aria-label="Spec summary" component="section" maw={640}>
              <SpecSummary spec={spec} />
            </Paper>
          )}
          {spec && chosenNote?.(spec)}
          <Stack gap="md" maw={640}>
            <PermittedFieldset permission={permission}>
              <TextInput
                label="Name"
                description={`How this ${noun} is shown in Flowdeck. Empty: ${label ? `“${label}”` : "the spec's name"}.`}
                value={name}
                onChange={(event) => {
                  setName(event.currentTarget.value);
                }}
              />
            </PermittedFieldset>
            {create.isError && <ErrorState error={create.error} />}
            <PermittedButton
              permission={permission}
              w="fit-content"
              disabled={!spec}
              loading={create.isPending}
              onClick={() => {
                if (spec) create.mutate(kind.createInput(spec.name, name.trim() === '' ? undefined : name.trim()));
              }}
            >
              Create {noun}
            </PermittedButton>
          </Stack>
        </Stack>
      ) : (
        <Stack gap="md">
          <Alert color="teal" variant="light" title={`Created “${created.displayName}”`}>
            {kind.createdHint}{' '}
            <Button
              variant="subtle"
              size="compact-sm"
              onClick={() => {
                openCreated(created);
              }}
            >
              Skip for now
            </Button>
          </Alert>
          {configure ? configure(created, openCreated) : <ConfigureEndpoint kind={kind} endpoint={created} onSaved={openCreated} />}
        </Stack>
      )}
    </>
  );
}
