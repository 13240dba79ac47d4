import { type ConfiguredRow, configuredStore } from './configured';

export type DestinationRow = ConfiguredRow;

export const destinationStore = configuredStore<DestinationRow>('destinations');
export const findDestination = destinationStore.find;
