import { useState } from 'react';
import type { Source } from '@/api/sources';
import { CsvUpload } from '@/components/csv-upload';
import type { PropertyAddon } from '@/components/property-form/property-form';
import type { Permission } from '@/lib/permissions';
import { usePermission } from '@/resources/identity';
import { ConfigureEndpoint } from '../endpoint-configuration';
import { sourceKind } from './source-kind';
import { TestConnectionButton, TestConnectionResult, useSourceTestConnection } from './source-test-connection';

/** A CSV file on the user's machine: uploaded into the service's files folder, which fills `location`. */
const csvAddons = (permission: Permission): Readonly<Record<string, PropertyAddon>> => ({
  location: (fill) => (
    <CsvUpload
      permission={permission}
      onUploaded={(upload) => {
        fill(upload.location);
      }}
    />
  ),
});

/** A source's form, with Test connection beside Save: it checks what is saved, and what it found shows under the form. */
export function ConfigureSource({ source, onSaved }: { source: Source; onSaved: (source: Source) => void }) {
  const test = useSourceTestConnection(source.id);
  const [dirty, setDirty] = useState(false);
  const mayUpload = usePermission('uploadFile');
  return (
    <ConfigureEndpoint
      kind={sourceKind}
      endpoint={source}
      onSaved={onSaved}
      onDirtyChange={setDirty}
      addons={source.sourceSpec.name === 'csv' ? csvAddons(mayUpload) : undefined}
      footer={<TestConnectionButton state={test} />}
      afterForm={<TestConnectionResult state={test} unsavedChanges={dirty} />}
    />
  );
}
