import { Alert, Paper, Stack } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { EndpointHeader } from '@/components/endpoint-header';
import { SpecSummary } from '@/components/spec-summary';
import { destinationQueries, useDeleteDestination, useUpdateDestination } from '@/resources/destinations';
import { useUsedBy } from '@/resources/endpoints';
import { ConfigureDestination } from './destination-configuration';
import { VerifyPanel } from './verify-panel';

export function DestinationPage({ destinationId }: { destinationId: number }) {
  const { data: destination } = useSuspenseQuery(destinationQueries.detail(destinationId));
  const [dirty, setDirty] = useState(false);
  const [saved, setSaved] = useState(false);
  const navigate = useNavigate();
  const rename = useUpdateDestination(destinationId);
  const remove = useDeleteDestination({ onDeleted: () => void navigate({ to: '/destinations' }) });
  const usedBy = useUsedBy('destination');
  return (
    <>
      <EndpointHeader noun="destination" endpoint={destination} rename={rename} remove={remove} usedBy={usedBy && (usedBy.get(destinationId) ?? [])} />
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
