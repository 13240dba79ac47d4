import { DESTINATION_SPECS, SOURCE_SPECS, type SourceSpecDefinition } from '@/catalogue/connector-specs';

// The mock answers the service's own connector catalogue (src/catalogue/connector-specs.ts), plus a
// little demo-only data the service does not have, kept because the demo and the dashboard's tests show
// what the service's catalogue cannot: two connectors the service lacks (a GitHub source, whose seeded
// source is the one discovering; a DEPRECATED FTP source, the card recipient's), and static resolvers on
// the PostgreSQL source (the resolvers tab shows both kinds). Nothing else is the mock's own.

const DEMO_ONLY_SOURCE_SPECS: SourceSpecDefinition[] = [
  {
    name: 'github',
    displayName: 'GitHub',
    website: 'https://github.com',
    tagLine: 'Issues, pull requests and commits of an organization.',
    lifecycle: 'STABLE',
    authenticationStrategy: 'TOKEN',
    instructions: 'Create a fine-grained personal access token with **read** access to issues, pull requests and contents.',
    propertyDefinitions: [
      { name: 'organization', displayName: 'Organization', type: 'STRING', required: true, description: null },
      { name: 'token', displayName: 'Access token', type: 'PASSWORD', required: true, description: null },
      { name: 'repositories', displayName: 'Repositories', type: 'TEXT', required: false, description: 'One per line; empty means all.' },
    ],
    staticResolvers: ['repository'],
  },
  {
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
  },
];

/** Static resolvers the demo's PostgreSQL sources show beside the discovered tables. */
const DEMO_STATIC_RESOLVERS: Readonly<Record<string, string[]>> = { postgres: ['table', 'query'] };

const withDemoResolvers = (spec: SourceSpecDefinition): SourceSpecDefinition => ({
  ...spec,
  staticResolvers: DEMO_STATIC_RESOLVERS[spec.name] ?? spec.staticResolvers,
});

// The demo-only specs sit before csv, where they were before the csv connector joined the catalogue,
// so the seeded lists read as they always did.
const csvAt = SOURCE_SPECS.findIndex((spec) => spec.name === 'csv');

export const DEMO_SOURCE_SPECS: SourceSpecDefinition[] = [...SOURCE_SPECS.slice(0, csvAt), ...DEMO_ONLY_SOURCE_SPECS, ...SOURCE_SPECS.slice(csvAt)].map(
  withDemoResolvers,
);

export const DEMO_DESTINATION_SPECS = DESTINATION_SPECS;
