import { Card, SimpleGrid } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import type { Destination } from '@/api/destinations';
import type { DestinationSpecSummary } from '@/api/specs';
import { ErrorState } from '@/components/error-state';
import { BlockSkeleton } from '@/components/skeletons';
import { NewEndpointPage } from '@/components/new-endpoint-page';
import { SpecSummary } from '@/components/spec-summary';
import { useCreateDestination } from '@/resources/destinations';
import { specQueries } from '@/resources/specs';
import { ConfigureDestination } from './destination-configuration';

function SpecGallery({ selected, onSelect }: { selected: string | null; onSelect: (spec: DestinationSpecSummary) => void }) {
  const specs = useQuery(specQueries.destinations());
  if (specs.isPending) return <BlockSkeleton label="Loading destination specs" rows={2} />;
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

/** Destination specs are few: a gallery of them, each with its summary, instead of a search. */
export function NewDestinationPage() {
  const navigate = useNavigate();
  const [spec, setSpec] = useState<DestinationSpecSummary | null>(null);
  const create = useCreateDestination();
  const goToDestination = (destination: Destination) =>
    void navigate({ to: '/destinations/$destinationId', params: { destinationId: String(destination.id) } });
  return (
    <NewEndpointPage
      noun="destination"
      chooser={<SpecGallery selected={spec?.name ?? null} onSelect={setSpec} />}
      spec={spec && { name: spec.name, label: spec.displayName ?? spec.name }}
      create={create}
      inputOf={(destinationSpec, displayName) => ({ destinationSpec, displayName })}
      hint="Fill in its configuration now; you can verify it on its page."
      onSkip={goToDestination}
      configure={(created) => <ConfigureDestination destination={created} onSaved={goToDestination} />}
    />
  );
}
