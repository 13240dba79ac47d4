import type { Destination } from '@/api/destinations';
import type { PropertyFormChanges } from '@/components/property-form/property-form';
import { SpecConfiguration } from '@/components/property-form/spec-configuration';
import { useUpdateDestination } from '@/resources/destinations';

interface ConfigureDestinationProps {
  destination: Destination;
  onSaved: (destination: Destination) => void;
  onDirtyChange?: (dirty: boolean) => void;
}

/** The form drawn from the destination's full spec, its instructions beside it. Save sends only what changed. */
export function ConfigureDestination({ destination, onSaved, onDirtyChange }: ConfigureDestinationProps) {
  const update = useUpdateDestination(destination.id);
  // The form shows a failed save itself (and keeps what was typed), so the error is thrown to it.
  const save = async (changes: PropertyFormChanges) => {
    onSaved(await update.mutateAsync(changes));
  };
  return (
    <SpecConfiguration
      definitions={destination.destinationSpec.propertyDefinitions}
      saved={destination.properties}
      displayName={destination.displayName}
      instructions={destination.destinationSpec.instructions}
      version={destination.updatedAt ?? ''}
      onSubmit={save}
      onDirtyChange={onDirtyChange}
    />
  );
}
