import { dataOf, listOf } from '@/api/common';
import { type FlowTableState, flowTableStateSchema } from '@/api/tables';
import { createDestination, postgresProperties, sql } from './connector-fixtures';
import { type Destinations, type Kept, type Kind, leftovers, tableRows } from './destination-fixtures';
import { expectStatus } from './fixtures';
import type { Api, TestDatabase } from './harness';

// Destinations made through the service (a Postgres database on the external test server, DuckDB files and
// folders in the service's files folder), read back as destination-fixtures.ts reads them: each row's id,
// name, seq and the attempt that wrote it.

export interface ServiceDestination {
  id: number;
  kind: Kind;
  /** A table's rows in key order, or null when it does not exist. */
  rows: (namespace: string, table: string) => Promise<Kept[] | null>;
  /** Staging tables and temporary files a load left behind. */
  leftovers: (namespace: string) => Promise<string[]>;
}

/** Where the destinations of a test file keep their data: its service's files folder and one external database. */
export function destinationsIn(filesDir: string, database: TestDatabase): Destinations {
  return {
    folder: filesDir,
    database,
    properties: (kind, file = 'warehouse') =>
      kind === 'postgres'
        ? postgresProperties(database.url)
        : kind === 'duckdb'
          ? { path: `${filesDir}/${file}.duckdb` }
          : { bucket_url: `${filesDir}/${file}`, format: 'jsonl' },
    stop: () => Promise.resolve(),
  };
}

/** A destination of this kind, made over HTTP; `file` names its DuckDB file or folder. */
export async function serviceDestination(api: Api, destinations: Destinations, kind: Kind, file: string): Promise<ServiceDestination> {
  const created = await createDestination(api, kind, destinations.properties(kind, file));
  return {
    id: created.id,
    kind,
    rows: (namespace, table) => tableRows(destinations, kind, namespace, table, file),
    leftovers: (namespace) => leftovers(destinations, kind, namespace, file),
  };
}

/** GET /v2/flows/{id}/state, read as the dashboard reads it. */
export async function flowState(api: Api, flowId: number): Promise<FlowTableState[]> {
  return dataOf(listOf(flowTableStateSchema)).parse(expectStatus(await api(`/v2/flows/${String(flowId)}/state`), 200).body);
}

/** The saved cursor of one resource. */
export async function cursorOf(api: Api, flowId: number, resource: string) {
  return (await flowState(api, flowId)).find((table) => table.resource === resource)?.cursor ?? null;
}

/** A source table `items (id, name, seq)` with ids 1..count, every name `first`, seq = id: seq serves as the cursor. */
export async function itemsTable(url: string, schema: string, count: number): Promise<void> {
  await sql(
    url,
    `CREATE SCHEMA "${schema}"; CREATE TABLE "${schema}".items (id integer PRIMARY KEY, name text, seq bigint);
     INSERT INTO "${schema}".items SELECT n, 'first', n FROM generate_series(1, ${String(count)}) AS n`,
  );
}

/** What changes between two runs: row 2 changes (and moves past the cursor), rows count+1 and count+2 are added. */
export async function changeItems(url: string, schema: string, count: number): Promise<void> {
  await sql(
    url,
    `UPDATE "${schema}".items SET name = 'changed', seq = ${String(count + 1)} WHERE id = 2;
     INSERT INTO "${schema}".items VALUES (${String(count + 1)}, 'first', ${String(count + 2)}), (${String(count + 2)}, 'first', ${String(count + 3)})`,
  );
}

/** The rows as ids, names and the attempt that wrote each, for comparing with what a mode must keep. */
export const keptAs = (rows: Kept[] | null) => rows?.map(({ id, name, attempt }) => ({ id, name, attempt })) ?? null;
