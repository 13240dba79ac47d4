import { filesDestination } from './files-destination';
import { postgresDestination } from './postgres-destination';
import { sampleSource } from './sample-source';
import type { DestinationConnector, SourceConnector } from './types';

// The connectors this service can run. A spec without a connector here can be configured but not
// run yet: its runs and verification say so in their messages.

const SOURCES: Record<string, SourceConnector> = { sample: sampleSource };
const DESTINATIONS: Record<string, DestinationConnector> = { files: filesDestination, postgres: postgresDestination };

export function sourceConnector(spec: string): SourceConnector | undefined {
  return SOURCES[spec];
}

export function destinationConnector(spec: string): DestinationConnector | undefined {
  return DESTINATIONS[spec];
}
