import { Text } from '@mantine/core';
import { NewEndpointPage } from '../new-endpoint-page';
import { ConfigureSource } from './source-configuration';
import { sourceKind } from './source-kind';
import { SourceSpecLookup } from './spec-lookup';

/** A new source: as a new destination, with a lookup by name where specs are not listed, and a CSV upload. */
export function NewSourcePage() {
  return (
    <NewEndpointPage
      kind={sourceKind}
      unlisted={(choose) => <SourceSpecLookup onFound={choose} />}
      chosenNote={(spec) =>
        spec.name === 'csv' && (
          <Text size="sm" c="dimmed">
            Next step: upload a CSV file from this computer, or give a path or URL.
          </Text>
        )
      }
      configure={(created, onSaved) => <ConfigureSource source={created} onSaved={onSaved} />}
    />
  );
}
