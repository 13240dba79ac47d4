import { csvSource } from './csv-source';
import { duckdbDestination } from './duckdb-destination';
import { filesDestination } from './files-destination';
import { postgresDestination } from './postgres-destination';
import { postgresSource } from './postgres-source';
import { restApiSource } from './rest-api-source';
import { sampleSource } from './sample-source';
import type { DestinationConnector, SourceConnector } from './types';

// The connectors behind the spec catalogue (specs.ts).

const SOURCES: Record<string, SourceConnector> = { sample: sampleSource, postgres: postgresSource, rest_api: restApiSource, csv: csvSource };
const DESTINATIONS: Record<string, DestinationConnector> = { files: filesDestination, postgres: postgresDestination, duckdb: duckdbDestination };

export function sourceConnector(spec: string): SourceConnector | undefined {
  return SOURCES[spec];
}

export function destinationConnector(spec: string): DestinationConnector | undefined {
  return DESTINATIONS[spec];
}
