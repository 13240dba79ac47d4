import { Paper, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import type { Source } from '@/api/sources';
import { ErrorState } from '@/components/error-state';
import { BlockSkeleton } from '@/components/skeletons';
import { NewEndpointPage } from '@/components/new-endpoint-page';
import { SpecSummary } from '@/components/spec-summary';
import { useCreateSource } from '@/resources/sources';
import { specQueries } from '@/resources/specs';
import { ConfigureSource } from './source-configuration';
import { SourceSpecPicker } from './spec-picker';

/** A source spec is picked from a searchable list (or typed by name), then read in full for its summary. */
export function NewSourcePage() {
  const navigate = useNavigate();
  const [specName, setSpecName] = useState<string | null>(null);
  const spec = useQuery({ ...specQueries.source(specName ?? ''), enabled: specName !== null });
  const create = useCreateSource();
  const goToSource = (source: Source) => void navigate({ to: '/sources/$sourceId', params: { sourceId: String(source.id) }, search: { tab: 'configuration' } });
  return (
    <NewEndpointPage
      noun="source"
      chooser={
        <Stack gap="md" maw={640}>
          <SourceSpecPicker value={specName} onChange={setSpecName} />
          {specName && spec.isPending && <BlockSkeleton label="Loading the spec" rows={2} />}
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
        </Stack>
      }
      spec={specName && spec.data ? { name: specName, label: spec.data.displayName ?? spec.data.name } : null}
      create={create}
      inputOf={(sourceSpec, displayName) => ({ sourceSpec, displayName })}
      hint="Fill in its configuration now, or later from the source's page."
      onSkip={goToSource}
      configure={(created) => <ConfigureSource source={created} onSaved={goToSource} />}
    />
  );
}
