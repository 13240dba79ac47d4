import { SECRET_MASK } from '@/api/common';
import { sourceSpec } from '@/catalogue/connector-specs';
import { propertyValue } from '@/service-rules/properties';
import type { PlainProperties } from '../properties';
import { checkUrlTarget } from '../security/network-guard';
import type { Response } from 'undici';
import { canServeAsCursor, rowsAfter } from './cursor';
import { fetchChecked } from './http-fetch';
import { jsonRecords } from './json-records';
import { plainValue } from './postgres-source';
import { analyze } from './schema';
import { type DiscoveredItem, failure, info, type ReadAfter, type ResourceReader, type Row, type SourceConnector } from './types';
import { withoutSecretQueryValues } from './secret-query';

// One resource per endpoint (one path per line). Records are found at `records_path` (dots for
// nesting; by default the body itself when it is a list, else its first list among data, items,
// results, records). Pagination follows the Link header's rel="next", or increments a page
// parameter until a page comes back empty. The token goes only to the base URL's origin: a next
// link elsewhere is fetched without it. With a cursor parameter set (`cursor_param`), an incremental read
// sends the saved cursor in it on the first page and keeps only the records past the cursor (an API may
// filter by "on or after", or not at all).

const DEFINITIONS = sourceSpec('rest_api')?.propertyDefinitions ?? [];
const setting = (properties: PlainProperties, name: string) => propertyValue(DEFINITIONS, properties, name);
const MAX_PAGES = 10_000;

function endpoints(properties: PlainProperties): string[] {
  return String(properties.endpoints ?? '')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

function resourceName(endpoint: string): string {
  return (
    withoutSecretQueryValues(endpoint)
      .replace(/^\/+|\/+$/g, '')
      .replace(/[^A-Za-z0-9_]+/g, '_') || 'root'
  );
}

function toRow(record: unknown): Row {
  if (typeof record !== 'object' || record === null) return { value: plainValue(record) };
  return Object.fromEntries(Object.entries(record).map(([name, value]) => [name, plainValue(value)]));
}

export function nextLink(header: string | null): string | null {
  if (!header) return null;
  for (const part of header.split(',')) {
    const match = /<([^>]+)>\s*;\s*rel="?next"?/i.exec(part);
    if (match?.[1]) return match[1];
  }
  return null;
}

/** How an endpoint is asked: its first page's URL (with the cursor, reading past one), the headers (the token), and where its records are. */
function requestOf(properties: PlainProperties, endpoint: string, from?: ReadAfter) {
  const base = String(properties.base_url ?? '').replace(/\/+$/, '');
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (properties.token) headers.Authorization = `Bearer ${String(properties.token)}`;
  const pagination = String(setting(properties, 'pagination') ?? 'link').toLowerCase();
  const pageParam = String(setting(properties, 'page_param') ?? 'page');
  const first = new URL(`${base}/${endpoint.replace(/^\/+/, '')}`);
  if (pagination === 'page') first.searchParams.set(pageParam, '1');
  const cursorParam = String(setting(properties, 'cursor_param') ?? '').trim();
  if (from && cursorParam) first.searchParams.set(cursorParam, typeof from.after === 'string' ? from.after : JSON.stringify(from.after));
  return { first, headers, pagination, pageParam, recordsPath: String(properties.records_path ?? '') };
}

/** The records of one answer, a batch at a time, as they arrive. */
function recordsOf(response: Response, recordsPath: string, where: string): AsyncGenerator<unknown[]> {
  if (!response.body) throw new Error(`${where} answered an empty body.`);
  return jsonRecords(response.body, recordsPath, where);
}

function reader(properties: PlainProperties, endpoint: string): ResourceReader {
  return {
    name: resourceName(endpoint),
    async *batches(signal, from) {
      const { first, headers, pagination, pageParam, recordsPath } = requestOf(properties, endpoint, from);
      const anonymous = { Accept: 'application/json' };
      let url: string | null = first.toString();
      for (let page = 1; url !== null && page <= MAX_PAGES && !signal.aborted; page += 1) {
        const response = await fetchChecked(url, { headers: new URL(url).origin === first.origin ? headers : anonymous, signal });
        let count = 0;
        for await (const records of recordsOf(response, recordsPath, url)) {
          count += records.length;
          const rows = rowsAfter(records.map(toRow), from);
          if (rows.length > 0) yield rows;
        }
        if (pagination === 'link') {
          const link = nextLink(response.headers.get('link'));
          url = link === null ? null : new URL(link, url).toString();
        } else if (pagination === 'page' && count > 0) {
          const next: URL = new URL(url);
          next.searchParams.set(pageParam, String(page + 1));
          url = next.toString();
        } else url = null;
      }
    },
  };
}

/** The columns of the records on an endpoint's first page, typed as a destination types them. */
async function firstPageColumns(properties: PlainProperties, endpoint: string, signal: AbortSignal): Promise<{ name: string; type: string }[]> {
  const { first, headers, recordsPath } = requestOf(properties, endpoint);
  const response = await fetchChecked(first.toString(), { headers, signal });
  const rows: Row[] = [];
  for await (const records of recordsOf(response, recordsPath, endpoint)) rows.push(...records.map(toRow));
  return analyze(rows);
}

export const restApiSource: SourceConnector = {
  async checkTarget(properties) {
    const base = String(properties.base_url ?? '').trim();
    if (base) await checkUrlTarget(base, 'Base URL');
  },
  /** Asks the first endpoint for its first page only: the address, the token and where the records are. */
  async verify(properties, signal) {
    const [endpoint] = endpoints(properties);
    if (endpoint === undefined) return [failure('endpoints', 'No endpoints are configured.')];
    let request: ReturnType<typeof requestOf>;
    try {
      request = requestOf(properties, endpoint);
    } catch {
      return [failure('base_url', `"${String(properties.base_url)}/${endpoint}" is not a valid URL.`)];
    }
    let response: Response;
    try {
      response = await fetchChecked(request.first.toString(), { headers: request.headers, signal });
    } catch (error) {
      return [failure('connection', (error as Error).message)];
    }
    const answered = info('connection', `GET ${endpoint} answered HTTP ${String(response.status)}.`);
    try {
      let count = 0;
      for await (const records of recordsOf(response, request.recordsPath, endpoint)) count += records.length;
      return [answered, info('records', `${String(count)} record${count === 1 ? '' : 's'} on its first page.`)];
    } catch (error) {
      return [answered, failure('records', (error as Error).message)];
    }
  },
  /** One resolver per endpoint, with the columns of the records on its first page (none when that page cannot be read). */
  async discover(properties, signal) {
    const found: DiscoveredItem[] = [];
    for (const endpoint of endpoints(properties)) {
      const columns = await firstPageColumns(properties, endpoint, signal).catch(() => []);
      found.push({
        name: resourceName(endpoint),
        category: 'endpoint',
        notes: `GET ${withoutSecretQueryValues(endpoint, SECRET_MASK)}`,
        columns,
        primaryKey: null,
        cursorCandidates: columns.filter((column) => canServeAsCursor(column.type)).map((column) => column.name),
      });
    }
    return found;
  },
  resources(properties) {
    const list = endpoints(properties);
    if (list.length === 0) return Promise.reject(new Error('No endpoints are configured.'));
    return Promise.resolve(list.map((endpoint) => reader(properties, endpoint)));
  },
};
