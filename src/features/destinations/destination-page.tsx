import { Alert, Paper, Stack } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { PageHeader } from '@/components/page-header';
import { SpecSummary } from '@/components/spec-summary';
import { destinationQueries } from '@/resources/destinations';
import { ConfigureDestination } from './destination-configuration';
import { VerifyPanel } from './verify-panel';

export function DestinationPage({ destinationId }: { destinationId: number }) {
  const { data: destination } = useSuspenseQuery(destinationQueries.detail(destinationId));
  const [dirty, setDirty] = useState(false);
  const [saved, setSaved] = useState(false);
  return (
    <>
      <PageHeader
        section="destinations"
        title={destination.displayName || `Destination ${String(destination.id)}`}
        description={`Destination ${String(destination.id)}`}
      />
      <Stack gap="lg">
        <Paper withBorder p="md">
          <SpecSummary spec={destination.destinationSpec} />
        </Paper>
        <VerifyPanel destinationId={destination.id} unsavedChanges={dirty} />
        {saved && (
          <Alert
            color="teal"
            variant="light"
            role="status"
            withCloseButton
            onClose={() => {
              setSaved(false);
            }}
          >
            Saved. Only the fields you changed were sent.
          </Alert>
        )}
        <ConfigureDestination
          destination={destination}
          onDirtyChange={setDirty}
          onSaved={() => {
            setSaved(true);
            setDirty(false);
          }}
        />
      </Stack>
    </>
  );
}
