import { useQueryClient } from '@tanstack/react-query';
import { type Source, updateSource } from '@/api/sources';
import type { PropertyAddon, PropertyFormChanges } from '@/components/property-form/property-form';
import { SpecConfiguration } from '@/components/property-form/spec-configuration';
import { sourceQueries } from '@/lib/queries/source-queries';
import { CsvUpload } from './csv-upload';
import { SourceTestConnection } from './source-test-connection';

/** A CSV file on the user's machine: uploaded into the service's files folder, which fills `location`. */
const csvAddons: Readonly<Record<string, PropertyAddon>> = {
  location: (fill) => (
    <CsvUpload
      onUploaded={(upload) => {
        fill(upload.location);
      }}
    />
  ),
};

/** The form drawn from the source's full spec, its instructions beside it. Save sends only what changed. */
export function ConfigureSource({ source, onSaved }: { source: Source; onSaved: (source: Source) => void }) {
  const queryClient = useQueryClient();
  const save = async (changes: PropertyFormChanges) => {
    const updated = await updateSource(source.id, changes);
    queryClient.setQueryData(sourceQueries.detail(updated.id).queryKey, updated);
    await queryClient.invalidateQueries({ queryKey: sourceQueries.all() });
    onSaved(updated);
  };
  return (
    <SpecConfiguration
      definitions={source.sourceSpec.propertyDefinitions}
      saved={source.properties}
      displayName={source.displayName}
      instructions={source.sourceSpec.instructions}
      version={source.updatedAt ?? ''}
      onSubmit={save}
      addons={source.sourceSpec.name === 'csv' ? csvAddons : undefined}
      aside={<SourceTestConnection sourceId={source.id} />}
    />
  );
}
