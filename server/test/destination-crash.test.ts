import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Row, WriteMode } from '../connectors/types';
import { sql } from './connector-fixtures';
import type { ChildLoads } from './destination-child';
import { CONNECTORS, KINDS, type Kind, leftovers, load, recordShape, startDestinations, tableRows, targetOf, WRITES } from './destination-fixtures';

// Loads that meet trouble: the process dies mid-load (SIGKILL), or many start together into one
// destination. A dead load leaves the previous table whole and, once recovery has discarded it, no
// staging table, no temporary file and no record; loads started together all succeed.

const destinations = await startDestinations();
afterAll(async () => {
  await destinations.stop();
});

const ROWS: Row[] = Array.from({ length: 500 }, (_, index) => ({ id: index + 1, name: `row ${String(index + 1)}`, seq: index + 1 }));
const firstWrite = (write: WriteMode): WriteMode => (write === 'merge' ? 'replace' : write);

/** Runs destination-child.ts with these loads, waits until it has written, and kills it. */
async function killMidLoad(job: ChildLoads): Promise<void> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'destination-child.ts'), JSON.stringify(job)], {
    cwd: join(import.meta.dirname, '../..'),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = once(child, 'exit');
  await new Promise<void>((resolveWritten, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('written')) resolveWritten();
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', () => {
      reject(new Error(`The loading process ended by itself:\n${output}`));
    });
  });
  child.kill('SIGKILL');
  await exited;
}

describe.each(KINDS)('%s destination', (kind: Kind) => {
  const connector = CONNECTORS[kind];

  it(
    'a load whose process is killed leaves the previous table whole; recovery finds it not committed and leaves nothing behind',
    { timeout: 60_000 },
    async () => {
      const loads = await Promise.all(
        WRITES[kind].map(async (write) => {
          // DuckDB takes one writer per file: each mode its own file, so the child holds all three loads at once.
          const properties = destinations.properties(kind, kind === 'duckdb' ? `crash-${write}` : undefined);
          const namespace = `crash_${write}`;
          const first = targetOf(namespace, 'orders', firstWrite(write));
          const record = await load(connector, properties, first, [ROWS]);
          const second = targetOf(namespace, 'orders', write, { knownColumns: record.columns });
          return {
            write,
            properties,
            namespace,
            record,
            second,
            before: await tableRows(destinations, kind, namespace, 'orders', kind === 'duckdb' ? `crash-${write}` : undefined),
          };
        }),
      );
      await killMidLoad({
        folder: destinations.folder,
        spec: kind,
        loads: loads.map(({ properties, second }) => ({ properties, target: { ...second, extractedAt: second.extractedAt.toISOString() } })),
        rows: ROWS.map((row) => ({ ...row, name: 'changed' })),
      });

      for (const { properties, namespace, record, second, before } of loads) {
        const file = kind === 'duckdb' ? String(properties.path).replace(/^.*\/(.*)\.duckdb$/, '$1') : undefined;
        // The dead load's temporary file is still there (a database rolled its transaction back when the connection died).
        if (kind === 'files') expect(await leftovers(destinations, kind, namespace, file)).not.toEqual([]);
        // What recovery does: discard what the load left, then ask whether it committed.
        await connector.discard?.(properties, { namespace, table: 'orders', loadId: second.loadId });
        expect(await connector.findLoad(properties, { namespace, loadId: second.loadId, resource: 'orders' })).toBeNull();
        expect(recordShape(await connector.lastLoad(properties, { namespace, flowId: 1, resource: 'orders', generation: 0 }))).toEqual(recordShape(record));
        expect(await tableRows(destinations, kind, namespace, 'orders', file)).toEqual(before);
        expect(await leftovers(destinations, kind, namespace, file)).toEqual([]);
      }
      if (kind === 'postgres')
        expect(await sql(destinations.database.url, "SELECT pid FROM pg_stat_activity WHERE application_name LIKE 'flowdeck-load %'")).toEqual([]);
    },
  );

  it('five loads started together into one fresh namespace all succeed', async () => {
    const namespace = `together_${kind}`;
    const properties = destinations.properties(kind, 'together');
    const modes: WriteMode[] = kind === 'files' ? ['replace', 'append', 'replace', 'append', 'replace'] : ['replace', 'append', 'merge', 'replace', 'append'];
    const targets = modes.map((write, index) => targetOf(namespace, `table_${String(index)}`, write));
    const records = await Promise.all(targets.map((target, index) => load(connector, properties, target, [ROWS.slice(0, 100 * (index + 1))])));
    expect(records.map((record) => record.rows)).toEqual([100, 200, 300, 400, 500]);
    for (const [index, target] of targets.entries()) {
      expect((await tableRows(destinations, kind, namespace, target.table, 'together'))?.length).toBe(100 * (index + 1));
      expect((await connector.findLoad(properties, { namespace, loadId: target.loadId, resource: target.resource }))?.rows).toBe(100 * (index + 1));
    }
  });
});
