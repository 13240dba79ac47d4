import { csvSource } from './csv-source';
import { duckdbDestination } from './duckdb-destination';
import { filesDestination } from './files-destination';
import { postgresDestination } from './postgres-destination';
import { postgresSource } from './postgres-source';
import { restApiSource } from './rest-api-source';
import { sampleSource } from './sample-source';
import type { PlainProperties } from '../properties';
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

/** Refuses (RefusedTarget) stored settings of a source or destination that point where connectors may not go. */
export async function checkTargets(kind: 'source' | 'destination', spec: string, properties: PlainProperties): Promise<void> {
  const connector = kind === 'source' ? sourceConnector(spec) : destinationConnector(spec);
  await connector?.checkTarget?.(properties);
}
