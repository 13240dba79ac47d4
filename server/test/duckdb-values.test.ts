import { afterAll, expect, it } from 'vitest';
import type { Row } from '../connectors/types';
import { CONNECTORS, duckRows, load, startDestinations, targetOf } from './destination-fixtures';

// The DuckDB destination appends a data chunk at a time (2,048 rows), reusing one chunk: every value of
// batches larger than a chunk arrives as sent, each null where it was and nowhere else, in every mode.

const destinations = await startDestinations();
afterAll(async () => {
  await destinations.stop();
});

/** Rows of every column type, each column null on its own rhythm, so nulls fall at other places in every chunk. */
function rowsFrom(first: number, count: number): Row[] {
  return Array.from({ length: count }, (_, index) => {
    const id = first + index;
    return {
      id,
      seq: id % 7 === 0 ? null : id * 3,
      amount: id % 11 === 0 ? null : id / 4,
      paid: id % 13 === 0 ? null : id % 2 === 0,
      paid_at: id % 17 === 0 ? null : new Date(Date.UTC(2026, 0, 1) + id * 1000).toISOString(),
      note: id % 19 === 0 ? null : `note "${String(id)}"`,
    };
  });
}

const readBack = (value: unknown) => (typeof value === 'bigint' ? Number(value) : value);

it.each(['replace', 'append', 'merge'] as const)('%s: a load of batches larger than a chunk keeps every value and every null', async (write) => {
  const namespace = `values_${write}`;
  const properties = destinations.properties('duckdb');
  const batches = [rowsFrom(1, 5000), rowsFrom(5001, 2100)];
  if (write === 'merge') await load(CONNECTORS.duckdb, properties, targetOf(namespace, 'orders', 'replace'), [rowsFrom(1, 10)]);
  const record = await load(CONNECTORS.duckdb, properties, targetOf(namespace, 'orders', write), batches);
  expect(record.rows).toBe(7100);

  const stored = await duckRows(
    String(properties.path),
    `SELECT id, seq, amount, paid, strftime(paid_at AT TIME ZONE 'UTC', '%Y-%m-%dT%H:%M:%S.000Z') AS paid_at, note FROM "${namespace}".orders ORDER BY id`,
  );
  const expected = batches.flat();
  expect(stored).toHaveLength(expected.length);
  stored.forEach((row, index) => {
    expect(Object.fromEntries(Object.entries(row).map(([name, value]) => [name, readBack(value)]))).toEqual(expected[index]);
  });
});
