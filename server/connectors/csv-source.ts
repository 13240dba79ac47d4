import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import { parse } from 'csv-parse';
import { sourceSpec } from '@/catalogue/connector-specs';
import { csvResourceName } from '@/service-rules/flow-tables';
import { propertyValue } from '@/service-rules/properties';
import type { PlainProperties } from '../properties';
import { allowedFileToRead } from '../security/file-roots';
import { checkUrlTarget } from '../security/network-guard';
import { canServeAsCursor, rowsAfter } from './cursor';
import { fetchChecked } from './http-fetch';
import { analyze } from './schema';
import { failure, info, type Row, type SourceConnector } from './types';

// One resource: the file (local path, file:// or http(s) URL), streamed through csv-parse. Cells
// that read as numbers or booleans become those; the rest stay text (date-times are recognised later).
// An incremental read keeps the rows past the cursor as it reads (a file cannot be asked for them).

const BATCH_SIZE = 5_000;
/** Discovery types the columns from this many rows. */
const DISCOVERY_ROWS = 1_000;

const DEFINITIONS = sourceSpec('csv')?.propertyDefinitions ?? [];
const setting = (properties: PlainProperties, name: string) => propertyValue(DEFINITIONS, properties, name);
const hasHeader = (properties: PlainProperties) => setting(properties, 'header') !== false;

function location(properties: PlainProperties): string {
  return String(properties.location ?? '').trim();
}

function isHttp(where: string): boolean {
  return /^https?:\/\//i.test(where);
}

export function typedCell(cell: string): string | number | boolean | null {
  if (cell === '') return null;
  if (/^-?(0|[1-9]\d{0,14})$/.test(cell)) return Number(cell);
  if (/^-?\d+\.\d+(e[+-]?\d+)?$/i.test(cell)) return Number(cell);
  if (cell === 'true' || cell === 'false') return cell === 'true';
  return cell;
}

async function open(properties: PlainProperties, signal: AbortSignal): Promise<Readable> {
  const where = location(properties);
  if (!where) throw new Error('No CSV location is configured.');
  if (isHttp(where)) {
    const response = await fetchChecked(where, { signal });
    if (!response.body) throw new Error(`${where} answered an empty body.`);
    return Readable.fromWeb(response.body as import('node:stream/web').ReadableStream<Uint8Array>);
  }
  const stream = createReadStream(await allowedFileToRead(where));
  await new Promise<void>((resolveOpen, reject) => {
    stream.once('open', () => {
      resolveOpen();
    });
    stream.once('error', (error: NodeJS.ErrnoException) => {
      reject(new Error(`Cannot read ${where}: ${error.code ?? error.message}`));
    });
  });
  return stream;
}

function delimiterOf(properties: PlainProperties): string {
  const delimiter = String(setting(properties, 'delimiter') ?? ',');
  return delimiter === '\\t' ? '\t' : delimiter;
}

/** Records as objects keyed by the header's names; without a header, as arrays (named in `toRow`). */
function parser(properties: PlainProperties) {
  return parse({ delimiter: delimiterOf(properties), columns: hasHeader(properties), skip_empty_lines: true, bom: true });
}

function toRow(record: Record<string, string> | string[]): Row {
  const entries = Array.isArray(record) ? record.map((cell, index) => [`column_${String(index + 1)}`, cell] as const) : Object.entries(record);
  return Object.fromEntries(entries.map(([name, cell]) => [name, typedCell(cell)]));
}

/** The first row as it is, for discovery. */
function firstRowParser(properties: PlainProperties) {
  return parse({ delimiter: delimiterOf(properties), to_line: 1, bom: true });
}

/** The columns, from the first row only (discovery and verify read no further). */
async function columnNames(properties: PlainProperties, signal: AbortSignal): Promise<string[]> {
  const input = await open(properties, signal);
  const rows = input.pipe(firstRowParser(properties));
  input.on('error', (error) => rows.destroy(error));
  try {
    for await (const first of rows as AsyncIterable<string[]>) {
      return hasHeader(properties) ? first : first.map((_, index) => `column_${String(index + 1)}`);
    }
    return [];
  } finally {
    input.destroy();
  }
}

const resourceName = (properties: PlainProperties) => csvResourceName(location(properties));

/** The file's rows in batches, from its first data row. */
async function* readBatches(properties: PlainProperties, signal: AbortSignal): AsyncGenerator<Row[]> {
  const input = await open(properties, signal);
  const rows = input.pipe(parser(properties));
  input.on('error', (error) => rows.destroy(error));
  let batch: Row[] = [];
  try {
    for await (const record of rows as AsyncIterable<Record<string, string> | string[]>) {
      if (signal.aborted) break;
      batch.push(toRow(record));
      if (batch.length >= BATCH_SIZE) {
        yield batch;
        batch = [];
      }
    }
    if (batch.length > 0 && !signal.aborted) yield batch;
  } finally {
    input.destroy();
  }
}

/** The columns typed from the first rows (as a destination would type them); numbers and date-times can serve as a cursor. */
async function describeColumns(properties: PlainProperties, signal: AbortSignal): Promise<Map<string, { type: string; cursor: boolean }>> {
  const sample: Row[] = [];
  for await (const batch of readBatches(properties, signal)) {
    sample.push(...batch.slice(0, DISCOVERY_ROWS - sample.length));
    if (sample.length >= DISCOVERY_ROWS) break;
  }
  return new Map(analyze(sample).map((column) => [column.name, { type: column.type, cursor: canServeAsCursor(column.type) }]));
}

export const csvSource: SourceConnector = {
  async checkTarget(properties) {
    const where = location(properties);
    if (where && isHttp(where)) await checkUrlTarget(where, 'The CSV location');
    else if (where) await allowedFileToRead(where);
  },
  /** Its resolvers are the columns of its one resource, each with its type (from the first rows). */
  async discover(properties, signal) {
    const names = await columnNames(properties, signal);
    const described = await describeColumns(properties, signal);
    return names.map((name) => {
      const column = described.get(name);
      return {
        name,
        category: 'column',
        notes: `Column of ${resourceName(properties)}.`,
        columns: [{ name, type: column?.type ?? 'text' }],
        primaryKey: null,
        cursorCandidates: column?.cursor ? [name] : [],
      };
    });
  },
  async verify(properties, signal) {
    let names: string[];
    try {
      names = await columnNames(properties, signal);
    } catch (error) {
      return [failure('connection', (error as Error).message)];
    }
    const opened = info('connection', isHttp(location(properties)) ? 'Fetched the CSV file.' : 'Opened the CSV file.');
    if (names.length === 0) return [opened, failure('columns', 'The file is empty: there is no row to read.')];
    const shown = names.slice(0, 10).join(', ') + (names.length > 10 ? ', …' : '');
    return [opened, info('columns', `${String(names.length)} column${names.length === 1 ? '' : 's'}: ${shown}.`)];
  },
  resources(properties) {
    return Promise.resolve([
      {
        name: resourceName(properties),
        async *batches(signal, from) {
          for await (const batch of readBatches(properties, signal)) {
            const kept = rowsAfter(batch, from);
            if (kept.length > 0) yield kept;
          }
        },
      },
    ]);
  },
};
