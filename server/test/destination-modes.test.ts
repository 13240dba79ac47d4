import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { LoadTarget, Row, WriteMode } from '../connectors/types';
import { sql } from './connector-fixtures';
import {
  CONNECTORS,
  duckRows,
  type Kept,
  KINDS,
  type Kind,
  leftovers,
  load,
  recordShape,
  startDestinations,
  tableRows,
  targetOf,
  WRITES,
} from './destination-fixtures';

// Each destination × write mode, driven as the runner drives it: two loads with rows added and changed
// in between leave exactly the rows the mode promises; a load that ends without commit leaves the
// previous table whole and nothing else; the load record says committed exactly when the rows did.

const destinations = await startDestinations();
afterAll(async () => {
  await destinations.stop();
});

const ROW_1: Row = { id: 1, name: 'a', seq: 1 };
const ROW_3: Row = { id: 3, name: 'c', seq: 3 };
const FIRST: Row[] = [ROW_1, { id: 2, name: 'b', seq: 2 }, ROW_3];
/** What changed at the source since: row 2 updated, row 4 added. */
const ROW_2_CHANGED: Row = { id: 2, name: 'b2', seq: 4 };
const ROW_4: Row = { id: 4, name: 'd', seq: 5 };
const CHANGES: Row[] = [ROW_2_CHANGED, ROW_4];

let namespaces = 0;
const freshNamespace = (kind: Kind) => {
  namespaces += 1;
  return `${kind}_ns_${String(namespaces)}`;
};

const kept = (rows: Row[], target: LoadTarget): Kept[] =>
  rows.map((row) => ({ id: Number(row.id), name: String(row.name), seq: Number(row.seq), attempt: target.attemptId, extracted: target.extractedAt.getTime() }));

/** The first load of a mode: a merge starts from a replace that keeps one row per key (the runner's first run). */
const firstWrite = (write: WriteMode): WriteMode => (write === 'merge' ? 'replace' : write);

describe.each(KINDS)('%s destination', (kind) => {
  const connector = CONNECTORS[kind];
  const properties = destinations.properties(kind);

  it.each(WRITES[kind])('%s: two loads leave exactly the rows the mode keeps', async (write) => {
    const namespace = freshNamespace(kind);
    const first = targetOf(namespace, 'orders', firstWrite(write));
    const firstRecord = await load(connector, properties, first, [FIRST]);
    expect(firstRecord.rows).toBe(3);

    const second = targetOf(namespace, 'orders', write, { knownColumns: firstRecord.columns });
    let secondBatches: Row[][];
    let expected: Kept[];
    if (write === 'replace') {
      secondBatches = [
        [ROW_1, ROW_2_CHANGED],
        [ROW_3, ROW_4],
      ];
      expected = kept([ROW_1, ROW_2_CHANGED, ROW_3, ROW_4], second);
    } else if (write === 'append') {
      secondBatches = [CHANGES];
      expected = [...kept(FIRST, first), ...kept(CHANGES, second)];
    } else {
      // Within the load: an older version of row 2 (smaller cursor), and two of row 4 with one cursor (the later wins).
      secondBatches = [
        [ROW_2_CHANGED, { id: 4, name: 'd-early', seq: 5 }],
        [{ id: 2, name: 'stale', seq: 3 }, ROW_4],
      ];
      expected = [...kept([ROW_1, ROW_3], first), ...kept(CHANGES, second)];
    }
    const secondRecord = await load(connector, properties, second, secondBatches);

    expect(await tableRows(destinations, kind, namespace, 'orders')).toEqual([...expected].sort((a, b) => a.id - b.id || a.seq - b.seq));
    expect(secondRecord).toMatchObject({
      flowId: 1,
      resource: 'orders',
      loadId: second.loadId,
      attemptId: second.attemptId,
      rows: write === 'replace' ? 4 : 2,
    });
    expect(secondRecord.columns).toEqual([
      { name: 'id', type: 'bigint' },
      { name: 'name', type: 'text' },
      { name: 'seq', type: 'bigint' },
    ]);
    expect(secondRecord.schemaChange).toBeNull();
    expect(recordShape(await connector.lastLoad(properties, { namespace, flowId: 1, resource: 'orders', generation: 0 }))).toEqual(recordShape(secondRecord));
    expect(recordShape(await connector.findLoad(properties, { namespace, loadId: second.loadId, resource: 'orders' }))).toEqual(recordShape(secondRecord));
    expect(await leftovers(destinations, kind, namespace)).toEqual([]);
  });

  it.each(WRITES[kind])('%s: a load that ends without commit leaves the previous table whole, no staging and no record', async (write) => {
    const namespace = freshNamespace(kind);
    const first = targetOf(namespace, 'orders', firstWrite(write));
    const firstRecord = await load(connector, properties, first, [FIRST]);
    const second = targetOf(namespace, 'orders', write, { knownColumns: firstRecord.columns });
    const writer = await connector.open(properties, second);
    await writer.write(CHANGES);
    await writer.write([{ id: 5, name: 'e', seq: 6, extra: true }]);
    expect(await connector.findLoad(properties, { namespace, loadId: second.loadId, resource: 'orders' })).toBeNull();
    await writer.abort();

    expect(await tableRows(destinations, kind, namespace, 'orders')).toEqual(kept(FIRST, first));
    expect(await leftovers(destinations, kind, namespace)).toEqual([]);
    expect(await connector.findLoad(properties, { namespace, loadId: second.loadId, resource: 'orders' })).toBeNull();
    expect(recordShape(await connector.lastLoad(properties, { namespace, flowId: 1, resource: 'orders', generation: 0 }))).toEqual(recordShape(firstRecord));
    await writer.abort();
  });

  it('records each load under its generation, and says no load committed where none did', async () => {
    const namespace = freshNamespace(kind);
    const where = { namespace, flowId: 1, resource: 'orders', generation: 1 };
    expect(await connector.lastLoad(properties, where)).toBeNull();
    expect(await connector.findLoad(properties, { namespace, loadId: 'never', resource: 'orders' })).toBeNull();
    const before = await load(connector, properties, targetOf(namespace, 'orders', 'append', { generation: 0 }), [FIRST]);
    expect(await connector.lastLoad(properties, where)).toBeNull();
    const after = await load(connector, properties, targetOf(namespace, 'orders', 'append', { generation: 1 }), [CHANGES]);
    expect(recordShape(await connector.lastLoad(properties, where))).toEqual(recordShape(after));
    expect(recordShape(await connector.lastLoad(properties, { ...where, generation: 0 }))).toEqual(recordShape(before));
    expect(after.cursor).toBe(2);
  });

  it('stamps every row with when its batch was read and the attempt that wrote it', async () => {
    const namespace = freshNamespace(kind);
    const target = targetOf(namespace, 'stamped', 'append', { extractedAt: new Date('2026-05-04T03:02:01.123Z'), attemptId: 987_654_321_012 });
    await load(connector, properties, target, [FIRST]);
    const rows = await tableRows(destinations, kind, namespace, 'stamped');
    expect(rows?.map((row) => [row.attempt, new Date(row.extracted).toISOString()])).toEqual(FIRST.map(() => [987_654_321_012, '2026-05-04T03:02:01.123Z']));
  });

  it('writes into the namespace it is given, apart from the same table in another', async () => {
    const [one, two] = [freshNamespace(kind), freshNamespace(kind)];
    await load(connector, properties, targetOf(one, 'orders', 'replace', { primaryKey: null }), [FIRST]);
    await load(connector, properties, targetOf(two, 'orders', 'replace', { primaryKey: null }), [CHANGES]);
    expect((await tableRows(destinations, kind, one, 'orders'))?.map((row) => row.id)).toEqual([1, 2, 3]);
    expect((await tableRows(destinations, kind, two, 'orders'))?.map((row) => row.id)).toEqual([2, 4]);
  });
});

describe.each(['postgres', 'duckdb'] as const)('%s destination', (kind) => {
  const connector = CONNECTORS[kind];
  const properties = destinations.properties(kind);

  it.each(WRITES[kind])('%s: the table keeps no default from the load (its metadata are values of its rows)', async (write) => {
    const namespace = freshNamespace(kind);
    await load(connector, properties, targetOf(namespace, 'orders', firstWrite(write)), [FIRST]);
    await load(connector, properties, targetOf(namespace, 'orders', write), [CHANGES]);
    const defaults =
      kind === 'postgres'
        ? await sql(
            destinations.database.url,
            'SELECT column_name, column_default FROM information_schema.columns WHERE table_schema = $1 AND column_default IS NOT NULL',
            [namespace],
          )
        : await duckRows(
            String(properties.path),
            `SELECT column_name, column_default FROM duckdb_columns() WHERE schema_name = '${namespace}' AND table_name = 'orders' AND column_default IS NOT NULL`,
          );
    expect(defaults).toEqual([]);
  });
});

describe('a commit that fails', () => {
  it.each(['postgres', 'duckdb'] as const)('%s: a merge refused at commit (a row without its key) keeps nothing and records nothing', async (kind) => {
    const connector = CONNECTORS[kind];
    const properties = destinations.properties(kind);
    const namespace = freshNamespace(kind);
    const first = targetOf(namespace, 'orders', 'replace');
    await load(connector, properties, first, [FIRST]);
    const second = targetOf(namespace, 'orders', 'merge');
    await expect(load(connector, properties, second, [[...CHANGES, { id: null, name: 'no key', seq: 9 }]])).rejects.toThrow(
      `Cannot keep one row per key in ${namespace}.orders: some rows have no value for id, its primary key.`,
    );
    expect(await tableRows(destinations, kind, namespace, 'orders')).toEqual(kept(FIRST, first));
    expect(await connector.findLoad(properties, { namespace, loadId: second.loadId, resource: 'orders' })).toBeNull();
    expect(await leftovers(destinations, kind, namespace)).toEqual([]);
  });

  it('files: a record whose data file never took its place does not count, and discard removes it', async () => {
    const connector = CONNECTORS.files;
    const properties = destinations.properties('files');
    const namespace = freshNamespace('files');
    const first = targetOf(namespace, 'orders', 'append');
    await load(connector, properties, first, [FIRST]);
    const second = targetOf(namespace, 'orders', 'append');
    // The load's file name taken by a folder with something in it: the record is written, the rename then fails.
    mkdirSync(join(String(properties.bucket_url), namespace, 'orders', `${second.loadId}.jsonl`, 'in-the-way'), { recursive: true });
    await expect(load(connector, properties, second, [CHANGES])).rejects.toThrow();
    expect(await connector.findLoad(properties, { namespace, loadId: second.loadId, resource: 'orders' })).toBeNull();
    expect((await connector.lastLoad(properties, { namespace, flowId: 1, resource: 'orders', generation: 0 }))?.loadId).toBe(first.loadId);

    await connector.discard?.(properties, { namespace, table: 'orders', loadId: second.loadId });
    expect(existsSync(join(String(properties.bucket_url), namespace, '_flowdeck_loads', `${second.loadId}.json`))).toBe(false);
    expect(existsSync(join(String(properties.bucket_url), namespace, '_flowdeck_loads', `${first.loadId}.json`))).toBe(true);
    expect(await leftovers(destinations, 'files', namespace)).toEqual([]);
  });

  it('files: a replaced table counts only its latest load', async () => {
    const connector = CONNECTORS.files;
    const properties = destinations.properties('files');
    const namespace = freshNamespace('files');
    const first = await load(connector, properties, targetOf(namespace, 'orders', 'replace'), [FIRST]);
    const second = await load(connector, properties, targetOf(namespace, 'orders', 'replace'), [CHANGES]);
    expect(await connector.findLoad(properties, { namespace, loadId: first.loadId, resource: 'orders' })).toBeNull();
    expect(recordShape(await connector.findLoad(properties, { namespace, loadId: second.loadId, resource: 'orders' }))).toEqual(recordShape(second));
  });
});

describe('files destination', () => {
  it('refuses to keep one row per key, and says what to choose instead', async () => {
    expect(CONNECTORS.files.modes).not.toContain('incremental_deduped');
    expect(CONNECTORS.postgres.modes).toContain('incremental_deduped');
    expect(CONNECTORS.duckdb.modes).toContain('incremental_deduped');
    await expect(CONNECTORS.files.open(destinations.properties('files'), targetOf('merged', 'orders', 'merge'))).rejects.toThrow(
      'The files destination keeps every row it is given; it cannot keep one row per key.',
    );
  });

  it('refuses a namespace or table that would lead out of its folder', async () => {
    const properties = destinations.properties('files');
    await expect(CONNECTORS.files.open(properties, targetOf('..', 'orders', 'append'))).rejects.toThrow('cannot name a namespace');
    await expect(CONNECTORS.files.open(properties, targetOf('ok', '../orders', 'append'))).rejects.toThrow('cannot name a table');
  });
});
