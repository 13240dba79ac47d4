import { afterAll, describe, expect, it } from 'vitest';
import { type Column, type Row, SchemaChanged } from '../connectors/types';
import { sql } from './connector-fixtures';
import { CONNECTORS, duckRows, KINDS, type Kind, leftovers, load, recordShape, startDestinations, tableRows, targetOf } from './destination-fixtures';

// A resource whose columns change between loads: under `pause` the load throws before anything is kept;
// under `propagate` the table gains the new columns, widens the changed ones and keeps the removed ones.

const destinations = await startDestinations();
afterAll(async () => {
  await destinations.stop();
});

const BEFORE: Row[] = [
  { id: 1, name: 'a', seq: 1, amount: 5, code: 7 },
  { id: 2, name: 'b', seq: 2, amount: 6, code: 8 },
];
/** `name` removed, `amount` now fractional, `code` now text, `email` new. */
const AFTER: Row[] = [
  { id: 3, seq: 3, amount: 2.5, code: 'A7', email: 'c@example.com' },
  { id: 4, seq: 4, amount: 3, code: 'B8', email: null },
];
const CHANGE = {
  added: [{ name: 'email', type: 'text' }],
  removed: ['name'],
  changed: [
    { name: 'amount', from: 'bigint', to: 'double' },
    { name: 'code', from: 'bigint', to: 'text' },
  ],
};

let namespaces = 0;
const freshNamespace = (kind: Kind) => {
  namespaces += 1;
  return `${kind}_schema_${String(namespaces)}`;
};

/** The table's columns as the database declares them (files have none to declare). */
async function declaredColumns(kind: Kind, namespace: string, table: string): Promise<string[]> {
  if (kind === 'postgres') {
    const rows = await sql<{ column_name: string; data_type: string }>(
      destinations.database.url,
      'SELECT column_name, data_type FROM information_schema.columns WHERE table_schema = $1 AND table_name = $2 ORDER BY ordinal_position',
      [namespace, table],
    );
    return rows.map((row) => `${row.column_name} ${row.data_type}`);
  }
  const rows = await duckRows(
    String(destinations.properties('duckdb').path),
    `SELECT column_name, data_type FROM duckdb_columns() WHERE schema_name = '${namespace}' AND table_name = '${table}' ORDER BY column_index`,
  );
  return rows.map((row) => `${String(row.column_name)} ${String(row.data_type)}`);
}

const TYPES = {
  postgres: { bigint: 'bigint', text: 'text', double: 'double precision', at: 'timestamp with time zone' },
  duckdb: { bigint: 'BIGINT', text: 'VARCHAR', double: 'DOUBLE', at: 'TIMESTAMP WITH TIME ZONE' },
} as const;

describe.each(KINDS)('%s destination', (kind) => {
  const connector = CONNECTORS[kind];
  const properties = destinations.properties(kind);

  async function loadBefore(namespace: string) {
    const record = await load(connector, properties, targetOf(namespace, 'items', 'append'), [BEFORE]);
    expect(record.columns).toEqual([
      { name: 'id', type: 'bigint' },
      { name: 'name', type: 'text' },
      { name: 'seq', type: 'bigint' },
      { name: 'amount', type: 'bigint' },
      { name: 'code', type: 'bigint' },
    ]);
    return record;
  }

  it('pause: a changed batch throws with the change before anything of the load is kept', async () => {
    const namespace = freshNamespace(kind);
    const before = await loadBefore(namespace);
    const columnsBefore = kind === 'files' ? [] : await declaredColumns(kind, namespace, 'items');
    const target = targetOf(namespace, 'items', 'append', { schemaChanges: 'pause', knownColumns: before.columns });
    const writer = await connector.open(properties, target);
    // The first batch is as before; the change comes with the second.
    await writer.write([{ id: 5, name: 'e', seq: 5, amount: 1, code: 1 }]);
    const thrown = await writer.write(AFTER.map((row) => ({ ...row, name: 'still here' }))).catch((error: unknown) => error);
    expect(thrown).toBeInstanceOf(SchemaChanged);
    expect((thrown as SchemaChanged).change).toEqual({ added: CHANGE.added, removed: [], changed: CHANGE.changed });
    expect((thrown as SchemaChanged).message).toBe(
      `The columns of ${namespace}.items changed: email (text) added, amount changed from bigint to double, code changed from bigint to text. The flow pauses on schema changes, so nothing of this load was kept.`,
    );
    await writer.abort();

    expect((await tableRows(destinations, kind, namespace, 'items'))?.map((row) => row.id)).toEqual([1, 2]);
    if (kind !== 'files') expect(await declaredColumns(kind, namespace, 'items')).toEqual(columnsBefore);
    expect(await connector.findLoad(properties, { namespace, loadId: target.loadId, resource: 'items' })).toBeNull();
    expect(await leftovers(destinations, kind, namespace)).toEqual([]);
  });

  it('pause: a column missing from the first batch is removed, and throws at once', async () => {
    const namespace = freshNamespace(kind);
    const before = await loadBefore(namespace);
    const writer = await connector.open(properties, targetOf(namespace, 'items', 'append', { schemaChanges: 'pause', knownColumns: before.columns }));
    await expect(writer.write([{ id: 5, seq: 5, amount: 1, code: 1 }])).rejects.toMatchObject({ change: { added: [], removed: ['name'], changed: [] } });
    await writer.abort();
  });

  it('pause: rows of a source that leaves out empty fields (a REST API) never count a column as removed', async () => {
    const namespace = freshNamespace(kind);
    const before = await loadBefore(namespace);
    const record = await load(
      connector,
      properties,
      targetOf(namespace, 'items', 'append', { schemaChanges: 'pause', knownColumns: before.columns, sparseRows: true }),
      [[{ id: 5, seq: 5 }]],
    );
    expect(record.schemaChange).toBeNull();
    expect(record.columns).toEqual(before.columns);
  });

  it.each(['append', 'replace'] as const)('propagate (%s): new columns are added, changed ones widened, removed ones kept and left empty', async (write) => {
    const namespace = freshNamespace(kind);
    const before = await loadBefore(namespace);
    const target = targetOf(namespace, 'items', write, { knownColumns: before.columns, primaryKey: null });
    const record = await load(connector, properties, target, [AFTER]);
    expect(record.schemaChange).toEqual(CHANGE);
    const afterColumns: Column[] = [
      { name: 'id', type: 'bigint' },
      { name: 'seq', type: 'bigint' },
      { name: 'amount', type: 'double' },
      { name: 'code', type: 'text' },
      { name: 'email', type: 'text' },
    ];
    expect(record.columns).toEqual(afterColumns);
    const ids = write === 'append' ? [1, 2, 3, 4] : [3, 4];
    expect((await tableRows(destinations, kind, namespace, 'items'))?.map((row) => [row.id, row.name])).toEqual(
      ids.map((id) => [id, id < 3 ? (id === 1 ? 'a' : 'b') : null]),
    );
    if (kind !== 'files') {
      const types = TYPES[kind];
      const metadata = [`_flowdeck_extracted_at ${types.at}`, `_flowdeck_attempt_id ${types.bigint}`];
      const data = [`id ${types.bigint}`, `name ${types.text}`, `seq ${types.bigint}`, `amount ${types.double}`, `code ${types.text}`];
      // Appending adds the new column after the metadata ones; a replaced table is made anew, metadata last.
      expect(await declaredColumns(kind, namespace, 'items')).toEqual(
        write === 'append' ? [...data, ...metadata, `email ${types.text}`] : [...data, `email ${types.text}`, ...metadata],
      );
    }
    // The next load as the last: no change, and the removed column is not reported again.
    const next = await load(
      connector,
      properties,
      targetOf(namespace, 'items', write, { knownColumns: record.columns, schemaChanges: 'pause', primaryKey: null }),
      [[{ id: 9, seq: 9, amount: 1, code: 'C', email: 'z' }]],
    );
    expect(next.schemaChange).toBeNull();
    expect(recordShape(await connector.lastLoad(properties, { namespace, flowId: 1, resource: 'items', generation: 0 }))).toEqual(recordShape(next));
  });
});
