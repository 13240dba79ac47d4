import { Grid, Paper, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { type Destination, updateDestination } from '@/api/destinations';
import { Markdown } from '@/components/markdown';
import { PropertyForm, type PropertyFormChanges } from '@/components/property-form/property-form';
import { destinationQueries } from '@/lib/queries/destination-queries';

interface ConfigureDestinationProps {
  destination: Destination;
  onSaved: (destination: Destination) => void;
  onDirtyChange?: (dirty: boolean) => void;
}

/** The form drawn from the destination's full spec, its instructions beside it. Save sends only what changed. */
export function ConfigureDestination({ destination, onSaved, onDirtyChange }: ConfigureDestinationProps) {
  const queryClient = useQueryClient();
  const save = async (changes: PropertyFormChanges) => {
    const updated = await updateDestination(destination.id, changes);
    queryClient.setQueryData(destinationQueries.detail(updated.id).queryKey, updated);
    await queryClient.invalidateQueries({ queryKey: [...destinationQueries.all(), 'list'] });
    onSaved(updated);
  };
  const spec = destination.destinationSpec;
  return (
    <Grid gap="xl">
      <Grid.Col span={{ base: 12, md: 7 }}>
        <PropertyForm
          key={destination.updatedAt ?? ''}
          definitions={spec.propertyDefinitions}
          saved={destination.properties}
          name={{ label: 'Name', value: destination.displayName, required: true }}
          submitLabel="Save"
          onSubmit={save}
          onDirtyChange={onDirtyChange}
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 5 }}>
        <Paper withBorder p="md" component="aside" aria-label="Setup instructions">
          <Title order={2} size="h5" mb="xs">
            Setup instructions
          </Title>
          {spec.instructions ? <Markdown>{spec.instructions}</Markdown> : <Text size="sm" c="dimmed">This spec has no instructions.</Text>}
        </Paper>
      </Grid.Col>
    </Grid>
  );
}
