import type { z } from 'zod';
import type { propertyDefinitionSchema } from '@/api/common';

// The connector catalogue of Flowdeck's service: plain data (no Node, no DOM), imported by the service
// (server/) and by the in-browser mock service (src/mock-service/), so both answer the same specs.

export type PropertyDefinitionWire = z.input<typeof propertyDefinitionSchema> & { type: string; required: boolean };

interface SpecDefinition {
  name: string;
  displayName: string;
  website: string;
  tagLine: string;
  lifecycle: string;
  instructions: string;
  propertyDefinitions: PropertyDefinitionWire[];
}

export interface SourceSpecDefinition extends SpecDefinition {
  authenticationStrategy: string;
  /** Resolvers every source of this spec has before any discovery. */
  staticResolvers: string[];
}

export type DestinationSpecDefinition = SpecDefinition;

/** The formats the files destination writes. */
export const FILE_FORMATS = ['jsonl', 'csv', 'parquet'] as const;
export type FileFormat = (typeof FILE_FORMATS)[number];

export function sourceSpec(name: string): SourceSpecDefinition | undefined {
  return SOURCE_SPECS.find((spec) => spec.name === name);
}

export function destinationSpec(name: string): DestinationSpecDefinition | undefined {
  return DESTINATION_SPECS.find((spec) => spec.name === name);
}

export const SOURCE_SPECS: SourceSpecDefinition[] = [
  {
    name: 'postgres',
    displayName: 'PostgreSQL',
    website: 'https://www.postgresql.org',
    tagLine: 'Replicate tables from a PostgreSQL database.',
    lifecycle: 'STABLE',
    authenticationStrategy: 'BASIC',
    instructions: [
      '## Connect PostgreSQL',
      '',
      "1. Create a read-only user: `CREATE USER flowdeck_reader WITH PASSWORD '...';`",
      '2. Grant it `SELECT` on the schemas to replicate.',
      '3. Allow connections from the Flowdeck IP range in `pg_hba.conf`.',
      '',
      'Turn on **SSL** for any database reachable over the internet.',
    ].join('\n'),
    propertyDefinitions: [
      { name: 'host', displayName: 'Host', type: 'STRING', required: true, description: 'Hostname or IP address of the server.' },
      { name: 'port', displayName: 'Port', type: 'NUMBER', required: true, description: 'Usually 5432.', default: 5432 },
      { name: 'database', displayName: 'Database', type: 'STRING', required: true, description: null },
      { name: 'user', displayName: 'User', type: 'STRING', required: true, description: 'A user with SELECT rights.' },
      { name: 'password', displayName: 'Password', type: 'PASSWORD', required: true, description: null },
      {
        name: 'schema',
        displayName: 'Schema',
        type: 'STRING',
        required: false,
        description: 'Tables and views of this schema are replicated. Defaults to public.',
        default: 'public',
      },
      { name: 'ssl', displayName: 'Use SSL', type: 'BOOLEAN', required: false, description: 'Encrypt the connection.', default: false },
    ],
    staticResolvers: [],
  },
  {
    name: 'rest_api',
    displayName: 'REST API',
    website: 'https://flowdeck.example/docs/sources/rest-api',
    tagLine: 'Pull JSON resources from any paginated REST API.',
    lifecycle: 'BETA',
    authenticationStrategy: 'TOKEN',
    instructions: [
      '## Connect a REST API',
      '',
      'List one endpoint path per line in **Endpoints**, relative to the base URL.',
      'The token is sent as `Authorization: Bearer <token>`.',
    ].join('\n'),
    propertyDefinitions: [
      { name: 'base_url', displayName: 'Base URL', type: 'STRING', required: true, description: 'For example https://api.example.com/v1' },
      { name: 'endpoints', displayName: 'Endpoints', type: 'TEXT', required: true, description: 'One path per line.' },
      { name: 'token', displayName: 'API token', type: 'PASSWORD', required: true, description: null },
      { name: 'start_date', displayName: 'Start date', type: 'DATE', required: false, description: 'Only load records updated on or after this day.' },
      {
        name: 'records_path',
        displayName: 'Records path',
        type: 'STRING',
        required: false,
        description:
          'Where the list of records is in each response, with dots for nesting (for example data.items). Empty: the body itself, or its data, items, results or records list.',
      },
      {
        name: 'pagination',
        displayName: 'Pagination',
        type: 'STRING',
        required: false,
        description: 'link (follow the Link header\'s rel="next"), page (a page parameter until a page is empty) or none. Defaults to link.',
        default: 'link',
      },
      {
        name: 'page_param',
        displayName: 'Page parameter',
        type: 'STRING',
        required: false,
        description: 'Name of the page parameter for page pagination. Defaults to page.',
        default: 'page',
      },
      {
        name: 'cursor_param',
        displayName: 'Cursor parameter',
        type: 'STRING',
        required: false,
        description:
          'The query parameter the API filters records by (for example updated_since). Set, flows may load its endpoints incrementally: each run sends the saved cursor in it and keeps only newer records.',
      },
    ],
    staticResolvers: [],
  },
  {
    name: 'sample',
    displayName: 'Sample data',
    website: 'https://flowdeck.example/docs/sources/sample',
    tagLine: 'Generated e-commerce tables for trying Flowdeck out.',
    lifecycle: 'ALPHA',
    authenticationStrategy: 'NONE',
    instructions: 'Generates deterministic **customers**, **orders** and **products** from a seed. No credentials needed.',
    propertyDefinitions: [
      { name: 'seed', displayName: 'Random seed', type: 'NUMBER', required: false, description: 'Same seed, same data.', default: 42 },
      { name: 'row_count', displayName: 'Rows per run', type: 'NUMBER', required: true, description: null, default: 1000 },
      { name: 'since', displayName: 'Events since', type: 'DATETIME', required: false, description: null },
      { name: 'daily_at', displayName: 'Daily refresh at', type: 'TIME', required: false, description: 'Local time of the daily refresh.' },
      {
        name: 'rows_per_second',
        displayName: 'Rows per second',
        type: 'NUMBER',
        required: false,
        description: 'Paces the generator like a slow API would; empty means as fast as possible.',
      },
    ],
    staticResolvers: ['customers', 'orders', 'products'],
  },
  {
    name: 'csv',
    displayName: 'CSV file',
    website: 'https://www.rfc-editor.org/rfc/rfc4180',
    tagLine: "A CSV file you upload, from the service's files folder, or from an http(s) URL.",
    lifecycle: 'BETA',
    authenticationStrategy: 'NONE',
    instructions: [
      '## Load a CSV file',
      '',
      "**Upload a CSV file**, or give a path in the service's files folder (relative paths start there; other folders",
      'only when the service allows them with `FLOWDECK_FILE_ROOTS`), or an **http(s) URL**.',
      'Numbers and `true`/`false` cells are typed; date-times in ISO 8601 become timestamps.',
    ].join('\n'),
    propertyDefinitions: [
      {
        name: 'location',
        displayName: 'File path or URL',
        type: 'STRING',
        required: true,
        description: 'For example orders.csv (in the files folder) or https://example.com/orders.csv',
      },
      {
        name: 'delimiter',
        displayName: 'Delimiter',
        type: 'STRING',
        required: false,
        description: 'One character; \\t for tabs. Defaults to a comma.',
        default: ',',
      },
      {
        name: 'header',
        displayName: 'First row is a header',
        type: 'BOOLEAN',
        required: false,
        description: 'Off: columns are named column_1, column_2 and so on. Defaults to on.',
        default: true,
      },
    ],
    staticResolvers: [],
  },
];

export const DESTINATION_SPECS: DestinationSpecDefinition[] = [
  {
    name: 'duckdb',
    displayName: 'DuckDB',
    website: 'https://duckdb.org',
    tagLine: 'An in-process analytical database file.',
    lifecycle: 'STABLE',
    instructions: "Give the path of a `.duckdb` file in the service's files folder (a relative path starts there). It is created if missing.",
    propertyDefinitions: [
      { name: 'path', displayName: 'Database file', type: 'STRING', required: true, description: null },
      { name: 'schema', displayName: 'Schema', type: 'STRING', required: false, description: 'Defaults to main.', default: 'main' },
      { name: 'motherduck_token', displayName: 'MotherDuck token', type: 'PASSWORD', required: false, description: null },
    ],
  },
  {
    name: 'postgres',
    displayName: 'PostgreSQL',
    website: 'https://www.postgresql.org',
    tagLine: 'Load into tables of a PostgreSQL database.',
    lifecycle: 'STABLE',
    instructions: 'The user needs `CREATE` on the target schema.',
    propertyDefinitions: [
      { name: 'host', displayName: 'Host', type: 'STRING', required: true, description: null },
      { name: 'port', displayName: 'Port', type: 'NUMBER', required: true, description: null, default: 5432 },
      { name: 'database', displayName: 'Database', type: 'STRING', required: true, description: null },
      { name: 'user', displayName: 'User', type: 'STRING', required: true, description: null },
      { name: 'password', displayName: 'Password', type: 'PASSWORD', required: true, description: null },
      { name: 'schema', displayName: 'Schema', type: 'STRING', required: false, description: 'Defaults to public.', default: 'public' },
    ],
  },
  {
    name: 'files',
    displayName: 'Files (local folder)',
    website: 'https://flowdeck.example/docs/destinations/files',
    tagLine: 'JSON lines, CSV or Parquet files in a folder of this service.',
    lifecycle: 'BETA',
    instructions:
      "Give a folder in the service's files folder (a relative path starts there) or a `file://` address in it; other folders only when the service allows them with `FLOWDECK_FILE_ROOTS`. Each run writes one file per table: `<folder>/<table>/<load id>.<format>`.",
    propertyDefinitions: [
      // Named bucket_url on the wire since the first release; it holds a local folder.
      {
        name: 'bucket_url',
        displayName: 'Folder',
        type: 'STRING',
        required: true,
        description: 'For example exports (in the files folder) or a file:// address in it.',
      },
      {
        name: 'format',
        displayName: 'Format',
        type: 'STRING',
        required: true,
        description: 'JSON lines, CSV or Parquet.',
        choices: [...FILE_FORMATS],
        default: 'jsonl',
      },
    ],
  },
];
