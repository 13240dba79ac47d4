import { Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import type { Source } from '@/api/sources';
import { NewEndpointPage } from '@/components/new-endpoint-page';
import { useCreateSource } from '@/resources/sources';
import { specQueries } from '@/resources/specs';
import { ConfigureSource } from './source-configuration';
import { SourceSpecLookup } from './spec-lookup';

export function NewSourcePage() {
  const navigate = useNavigate();
  const specs = useQuery(specQueries.sources());
  const create = useCreateSource();
  const goToSource = (source: Source) => void navigate({ to: '/sources/$sourceId', params: { sourceId: String(source.id) }, search: { tab: 'configuration' } });
  return (
    <NewEndpointPage
      noun="source"
      specs={specs}
      unlisted={(choose) => <SourceSpecLookup onFound={choose} />}
      chosenNote={(spec) =>
        spec.name === 'csv' && (
          <Text size="sm" c="dimmed">
            Next step: upload a CSV file from this computer, or give a path or URL.
          </Text>
        )
      }
      create={create}
      inputOf={(sourceSpec, displayName) => ({ sourceSpec, displayName })}
      hint="Fill in its configuration now, or later from the source's page."
      onSkip={goToSource}
      configure={(created) => <ConfigureSource source={created} onSaved={goToSource} />}
    />
  );
}
