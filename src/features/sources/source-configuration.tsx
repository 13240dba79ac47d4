import { Grid, Paper, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { type Source, updateSource } from '@/api/sources';
import { Markdown } from '@/components/markdown';
import { PropertyForm, type PropertyFormChanges } from '@/components/property-form/property-form';
import { sourceQueries } from '@/lib/queries/source-queries';

/** The form drawn from the source's full spec, its instructions beside it. Save sends only what changed. */
export function ConfigureSource({ source, onSaved }: { source: Source; onSaved: (source: Source) => void }) {
  const queryClient = useQueryClient();
  const save = async (changes: PropertyFormChanges) => {
    const updated = await updateSource(source.id, changes);
    queryClient.setQueryData(sourceQueries.detail(updated.id).queryKey, updated);
    await queryClient.invalidateQueries({ queryKey: sourceQueries.all() });
    onSaved(updated);
  };
  const spec = source.sourceSpec;
  return (
    <Grid gap="xl">
      <Grid.Col span={{ base: 12, md: 7 }}>
        <PropertyForm
          key={source.updatedAt ?? ''}
          definitions={spec.propertyDefinitions}
          saved={source.properties}
          name={{ label: 'Name', value: source.displayName, required: true }}
          submitLabel="Save"
          onSubmit={save}
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

