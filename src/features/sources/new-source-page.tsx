import { Alert, Button, Paper, Stack, Stepper, Text, TextInput } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { createSource, type Source } from '@/api/sources';
import { ErrorState } from '@/components/error-state';
import { PageHeader } from '@/components/page-header';
import { SpecSummary } from '@/components/spec-summary';
import { specQueries } from '@/resources/specs';
import { ConfigureSource } from './source-configuration';
import { SourceSpecPicker } from './spec-picker';

/** Step 1 and 2: the spec and its summary, then a name and Create. */
function ChooseAndCreate({ onCreated }: { onCreated: (source: Source) => void }) {
  const [specName, setSpecName] = useState<string | null>(null);
  const [name, setName] = useState('');
  const spec = useQuery({ ...specQueries.source(specName ?? ''), enabled: specName !== null });
  const create = useMutation({
    mutationFn: () => createSource({ sourceSpec: specName ?? '', displayName: name.trim() === '' ? undefined : name.trim() }),
    onSuccess: onCreated,
  });
  return (
    <Stack gap="md" maw={640}>
      <SourceSpecPicker value={specName} onChange={setSpecName} />
      {specName && spec.isPending && <Text size="sm">Loading the spec…</Text>}
      {spec.isError && <ErrorState error={spec.error} />}
      {spec.data && (
        <Paper withBorder p="md" aria-label="Spec summary" component="section">
          <SpecSummary spec={spec.data} />
        </Paper>
      )}
      {spec.data?.name === 'csv' && (
        <Text size="sm" c="dimmed">
          Next step: upload a CSV file from this computer, or give a path or URL.
        </Text>
      )}
      <TextInput
        label="Name"
        description="How this source is shown in Flowdeck. Empty: the spec's name."
        value={name}
        onChange={(event) => {
          setName(event.currentTarget.value);
        }}
      />
      {create.isError && <ErrorState error={create.error} />}
      <Button
        w="fit-content"
        disabled={!spec.data}
        loading={create.isPending}
        onClick={() => {
          create.mutate();
        }}
      >
        Create source
      </Button>
    </Stack>
  );
}

export function NewSourcePage() {
  const navigate = useNavigate();
  const [created, setCreated] = useState<Source | null>(null);
  return (
    <>
      <PageHeader title="New source" description="Choose a source spec, name the source, create it, then fill in its configuration." />
      <Stepper active={created ? 1 : 0} mb="lg" size="sm" allowNextStepsSelect={false}>
        <Stepper.Step label="Spec and name" description="Create the source" />
        <Stepper.Step label="Configuration" description="Fill in its properties" />
      </Stepper>
      {!created ? (
        <ChooseAndCreate onCreated={setCreated} />
      ) : (
        <Stack gap="md">
          <Alert color="teal" variant="light" title={`Created “${created.displayName}”`}>
            Fill in its configuration now, or later from the source's page.{' '}
            <Button
              variant="subtle"
              size="compact-sm"
              onClick={() => void navigate({ to: '/sources/$sourceId', params: { sourceId: String(created.id) }, search: { tab: 'configuration' } })}
            >
              Skip for now
            </Button>
          </Alert>
          <ConfigureSource
            source={created}
            onSaved={(source) => void navigate({ to: '/sources/$sourceId', params: { sourceId: String(source.id) }, search: { tab: 'configuration' } })}
          />
        </Stack>
      )}
    </>
  );
}
