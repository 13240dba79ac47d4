import { useState } from 'react';
import type { Source } from '@/api/sources';
import { CsvUpload } from '@/components/csv-upload';
import type { PropertyAddon, PropertyFormChanges } from '@/components/property-form/property-form';
import { SpecConfiguration } from '@/components/property-form/spec-configuration';
import { useUpdateSource } from '@/resources/sources';
import { TestConnectionButton, TestConnectionResult, useSourceTestConnection } from './source-test-connection';

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

/**
 * The form drawn from the source's full spec, its instructions beside it. Save sends only what changed;
 * Test connection beside it checks what is saved, and what it found shows under the form.
 */
export function ConfigureSource({ source, onSaved }: { source: Source; onSaved: (source: Source) => void }) {
  const update = useUpdateSource(source.id);
  const test = useSourceTestConnection(source.id);
  const [dirty, setDirty] = useState(false);
  // The form shows a failed save itself (and keeps what was typed), so the error is thrown to it.
  const save = async (changes: PropertyFormChanges) => {
    onSaved(await update.mutateAsync(changes));
  };
  return (
    <SpecConfiguration
      definitions={source.sourceSpec.propertyDefinitions}
      saved={source.properties}
      displayName={source.displayName}
      instructions={source.sourceSpec.instructions}
      version={source.updatedAt ?? ''}
      onSubmit={save}
      onDirtyChange={setDirty}
      addons={source.sourceSpec.name === 'csv' ? csvAddons : undefined}
      footer={<TestConnectionButton state={test} />}
      afterForm={<TestConnectionResult state={test} unsavedChanges={dirty} />}
    />
  );
}
