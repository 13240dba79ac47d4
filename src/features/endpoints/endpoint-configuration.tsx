import { Alert } from '@mantine/core';
import type { ReactNode } from 'react';
import type { PropertyAddon, PropertyFormChanges } from '@/components/property-form/property-form';
import { SpecConfiguration } from '@/components/property-form/spec-configuration';
import { usePermission } from '@/resources/identity';
import type { Endpoint, EndpointKind } from './endpoint-kind';

interface ConfigureEndpointProps<T extends Endpoint, C> {
  kind: EndpointKind<T, C>;
  endpoint: T;
  onSaved: (saved: T) => void;
  onDirtyChange?: (dirty: boolean) => void;
  /** Beside Save (a source's Test connection). */
  footer?: ReactNode;
  /** Under the form (what that test found). */
  afterForm?: ReactNode;
  /** Inputs that fill a property (a CSV source's upload). */
  addons?: Readonly<Record<string, PropertyAddon>>;
}

/** The form drawn from a source's or destination's full spec, its instructions beside it. Save sends only what changed. */
export function ConfigureEndpoint<T extends Endpoint, C>({ kind, endpoint, onSaved, ...extras }: ConfigureEndpointProps<T, C>) {
  const update = kind.useUpdate(endpoint.id);
  const spec = kind.specOf(endpoint);
  const permission = usePermission(kind.operations.update);
  // The form shows a failed save itself (and keeps what was typed), so the error is thrown to it.
  const save = async (changes: PropertyFormChanges) => {
    onSaved(await update.mutateAsync(changes));
  };
  return (
    <SpecConfiguration
      definitions={spec.propertyDefinitions}
      saved={endpoint.properties}
      displayName={endpoint.displayName}
      instructions={spec.instructions}
      version={endpoint.updatedAt ?? ''}
      onSubmit={save}
      permission={permission}
      {...extras}
    />
  );
}

/** After a save on the page itself. */
export function SavedNote({ onClose }: { onClose: () => void }) {
  return (
    <Alert color="teal" variant="light" role="status" withCloseButton onClose={onClose}>
      Saved. Only the fields you changed were sent.
    </Alert>
  );
}
