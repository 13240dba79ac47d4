import { useQueryClient } from '@tanstack/react-query';
import { type Destination, updateDestination } from '@/api/destinations';
import type { PropertyFormChanges } from '@/components/property-form/property-form';
import { SpecConfiguration } from '@/components/property-form/spec-configuration';
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
