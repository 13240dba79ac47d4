import type { SourceSpecDefinition } from '@/catalogue/connector-specs';
import type { StoredProperties } from '@/mock-service/wire';
import { mockService } from './server';

// Connector specs the service's catalogue does not have, for tests that need to show what it cannot (a
// DEPRECATED spec, static resolvers on a source with discovered ones). They go into the mock for the
// current test only: setup.ts reseeds the mock, catalogue included, after every test.

/** A DEPRECATED source spec with a secret, as a retired connector would look. */
export const DEPRECATED_FTP_SPEC: SourceSpecDefinition = {
  name: 'legacy_ftp',
  displayName: 'FTP (legacy)',
  website: 'https://flowdeck.example/docs/sources/ftp',
  tagLine: 'CSV files from an FTP server. Use the SFTP source instead.',
  lifecycle: 'DEPRECATED',
  authenticationStrategy: 'BASIC',
  instructions: 'This source is **deprecated**. Ask the partner for an SFTP account where possible.',
  propertyDefinitions: [
    { name: 'host', displayName: 'Host', type: 'STRING', required: true, description: null },
    { name: 'username', displayName: 'Username', type: 'STRING', required: true, description: null },
    { name: 'password', displayName: 'Password', type: 'PASSWORD', required: true, description: null },
    { name: 'directory', displayName: 'Directory', type: 'STRING', required: false, description: 'Defaults to the home directory.' },
  ],
  staticResolvers: ['file'],
};

/** Adds `spec` to the mock's catalogue and makes a seeded source one of its kind, with these settings. */
export function giveSourceSpec(sourceId: number, spec: SourceSpecDefinition, properties: StoredProperties): void {
  const { db } = mockService;
  const source = db.source(sourceId);
  if (!source) throw new Error(`The seeded mock has no source ${String(sourceId)}.`);
  if (!db.sourceSpec(spec.name)) db.state.sourceSpecs.push(structuredClone(spec));
  source.spec = spec.name;
  source.properties = { ...properties };
}

/** Gives a spec of the mock's catalogue static resolvers (the service's specs with discovery have none). */
export function addStaticResolvers(specName: string, names: string[]): void {
  const spec = mockService.db.sourceSpec(specName);
  if (!spec) throw new Error(`The mock's catalogue has no source spec "${specName}".`);
  spec.staticResolvers = [...names];
}
