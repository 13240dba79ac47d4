import { Alert, Button, Card, Group, SimpleGrid, Stack, Stepper, Text, TextInput } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { createDestination, type Destination } from '@/api/destinations';
import type { DestinationSpecSummary } from '@/api/specs';
import { ErrorState } from '@/components/error-state';
import { PageHeader } from '@/components/page-header';
import { SpecSummary } from '@/components/spec-summary';
import { specQueries } from '@/resources/specs';
import { ConfigureDestination } from './destination-configuration';

function SpecGallery({ selected, onSelect }: { selected: string | null; onSelect: (spec: DestinationSpecSummary) => void }) {
  const specs = useQuery(specQueries.destinations());
  if (specs.isPending) return <Text size="sm">Loading destination specs…</Text>;
  if (specs.isError) return <ErrorState error={specs.error} onRetry={() => void specs.refetch()} />;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} role="radiogroup" aria-label="Destination spec">
      {specs.data.map((spec) => (
        <Card
          key={spec.name}
          withBorder
          padding="md"
          component="button"
          type="button"
          role="radio"
          aria-checked={selected === spec.name}
          aria-label={spec.displayName ?? spec.name}
          onClick={() => {
            onSelect(spec);
          }}
          style={{
            textAlign: 'left',
            cursor: 'pointer',
            borderColor: selected === spec.name ? 'var(--mantine-primary-color-filled)' : undefined,
            borderWidth: selected === spec.name ? 2 : undefined,
          }}
        >
          <SpecSummary spec={spec} />
        </Card>
      ))}
    </SimpleGrid>
  );
}

/** A gallery of destination specs, a name and Create; then the form drawn from the full spec that came back. */
export function NewDestinationPage() {
  const navigate = useNavigate();
  const [spec, setSpec] = useState<DestinationSpecSummary | null>(null);
  const [name, setName] = useState('');
  const [created, setCreated] = useState<Destination | null>(null);
  const create = useMutation({
    mutationFn: () => createDestination({ destinationSpec: spec?.name ?? '', displayName: name.trim() === '' ? undefined : name.trim() }),
    onSuccess: setCreated,
  });
  const goToDestination = (destination: Destination) =>
    void navigate({ to: '/destinations/$destinationId', params: { destinationId: String(destination.id) } });
  return (
    <>
      <PageHeader title="New destination" description="Pick a destination spec, name it, create it, then fill in its configuration." />
      <Stepper active={created ? 1 : 0} mb="lg" size="sm" allowNextStepsSelect={false}>
        <Stepper.Step label="Spec and name" description="Create the destination" />
        <Stepper.Step label="Configuration" description="Fill in its properties" />
      </Stepper>
      {!created ? (
        <Stack gap="md">
          <SpecGallery selected={spec?.name ?? null} onSelect={setSpec} />
          <Group align="flex-end">
            <TextInput
              label="Name"
              description={spec ? `Empty: “${spec.displayName ?? spec.name}”.` : 'Pick a spec first.'}
              value={name}
              onChange={(event) => {
                setName(event.currentTarget.value);
              }}
              w={320}
            />
            <Button
              disabled={!spec}
              loading={create.isPending}
              onClick={() => {
                create.mutate();
              }}
            >
              Create destination
            </Button>
          </Group>
          {create.isError && <ErrorState error={create.error} />}
        </Stack>
      ) : (
        <Stack gap="md">
          <Alert color="teal" variant="light" title={`Created “${created.displayName}”`}>
            Fill in its configuration now; you can verify it on its page.{' '}
            <Button
              variant="subtle"
              size="compact-sm"
              onClick={() => {
                goToDestination(created);
              }}
            >
              Skip for now
            </Button>
          </Alert>
          <ConfigureDestination destination={created} onSaved={goToDestination} />
        </Stack>
      )}
    </>
  );
}
