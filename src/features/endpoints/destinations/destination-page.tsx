import { Stack } from '@mantine/core';
import { ActivitySection } from '@/components/activity-section';
import { useState } from 'react';
import { ConfigureEndpoint, SavedNote } from '../endpoint-configuration';
import { EndpointHeader } from '../endpoint-header';
import { destinationKind } from './destination-kind';
import { RunLimitSection } from './run-limit-section';
import { VerifyPanel } from './verify-panel';

export function DestinationPage({ destinationId }: { destinationId: number }) {
  const destination = destinationKind.useOne(destinationId);
  const [dirty, setDirty] = useState(false);
  const [saved, setSaved] = useState(false);
  return (
    <>
      <EndpointHeader kind={destinationKind} endpoint={destination} />
      <Stack gap="lg">
        <VerifyPanel destinationId={destination.id} unsavedChanges={dirty} />
        {saved && (
          <SavedNote
            onClose={() => {
              setSaved(false);
            }}
          />
        )}
        <ConfigureEndpoint
          kind={destinationKind}
          endpoint={destination}
          onDirtyChange={setDirty}
          onSaved={() => {
            setSaved(true);
            setDirty(false);
          }}
        />
        <RunLimitSection destination={destination} />
        <ActivitySection resourceType="destination" resourceId={destination.id} />
      </Stack>
    </>
  );
}
