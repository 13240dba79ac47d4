import { afterAll, describe, expect, it } from 'vitest';
import { createExternalDatabase, createSource, runAgain, sql } from './connector-fixtures';
import { createFlow, expectStatus, listAttempts, matching } from './fixtures';
import { cursorOf, destinationsIn, serviceDestination } from './flow-table-fixtures';
import { startHarness } from './harness';

// Recovery of a load an ended run left in hand (issue 30, item 3), at the one moment a kill rarely hits:
// after the destination committed the load and before the service recorded it. The attempt is put back
// as the service left it then; recovery asks the destination, which says the load committed: the attempt
// counts what it kept and the table takes its cursor. A destination that cannot be asked is asked again on
// the next pass, and nothing is guessed meanwhile.

const service = await startHarness();
const target = await createExternalDatabase();
afterAll(async () => {
  await service.stop();
  await target.drop();
});
const { api } = service;
const destination = await serviceDestination(api, destinationsIn(service.filesDir, target), 'postgres', 'recovery');
const recover = () => service.service.runs?.recover();
/** An instance key no running instance holds: the attempt's instance is gone. */
const GONE = 2_000_000_000;

describe('a load the destination committed and the service did not record', () => {
  it('is counted by recovery as the destination kept it, cursor and all; an unreachable destination is asked again later', async () => {
    const source = await createSource(api, 'sample', { row_count: 100 });
    const flow = await createFlow(api, source.id, destination.id, {
      displayName: 'Recovered',
      resources: [{ name: 'orders', syncMode: 'incremental_append', cursorField: 'id' }],
    });
    expect((await runAgain(api, flow.id)).disposition).toBe('succeeded');
    expect(await cursorOf(api, flow.id, 'orders')).toBe(75);
    expectStatus(await api(`/v2/sources/${String(source.id)}`, { method: 'PATCH', body: { properties: { row_count: 200 } } }), 200);
    const second = await runAgain(api, flow.id);
    expect(second.resources.find((resource) => resource.name === 'orders')).toMatchObject({ loaded: 75, committed: true });
    const [record] = await sql<{ load_id: string }>(target.url, `SELECT load_id FROM recovered._flowdeck_loads WHERE attempt_id = $1 AND resource = 'orders'`, [
      second.id,
    ]);

    // As the service left it when it died between the two commits: orders in hand, counted as not kept, the old cursor.
    const inHand = async () => {
      await service.sql(
        `UPDATE run_attempts SET lifecycle = 'running', disposition = 'none', completed_at = NULL, instance_key = $2, loading = 'orders', load_id = $3,
           load_target = '{"namespace": "recovered", "table": "orders"}',
           resources = (SELECT jsonb_agg(CASE WHEN item->>'name' = 'orders' THEN item || '{"loaded": 0, "committed": false}' ELSE item END) FROM jsonb_array_elements(resources) item)
         WHERE id = $1`,
        [second.id, GONE, record?.load_id],
      );
      await service.sql("UPDATE flow_tables SET cursor = '75' WHERE flow_id = $1 AND resource = 'orders'", [flow.id]);
    };
    const orders = async () => (await listAttempts(api, flow.id, '?limit=1'))[0]?.resources.find((resource) => resource.name === 'orders');

    // The destination cannot be asked: the run ends, and its load stays in hand, counted as nothing kept yet.
    await inHand();
    await service.sql(`UPDATE destinations SET properties = jsonb_set(properties, '{port}', '1') WHERE id = $1`, [destination.id]);
    await recover();
    const [ended] = await listAttempts(api, flow.id, '?limit=1');
    expect(ended).toMatchObject({ lifecycle: 'not_running', disposition: 'failed', errors: [matching(/interrupted/i)] });
    expect(await orders()).toMatchObject({ loaded: 0, committed: false });
    expect(await service.sql('SELECT loading FROM run_attempts WHERE id = $1', [second.id])).toEqual([{ loading: 'orders' }]);
    expect(await cursorOf(api, flow.id, 'orders')).toBe(75);

    // Reachable again: the next pass asks, and the destination says the load committed.
    await service.sql(`UPDATE destinations SET properties = jsonb_set(properties, '{port}', to_jsonb($2::int)) WHERE id = $1`, [
      destination.id,
      Number(new URL(target.url).port),
    ]);
    await recover();
    expect(await orders()).toMatchObject({ loaded: 75, committed: true });
    expect(await service.sql('SELECT loading FROM run_attempts WHERE id = $1', [second.id])).toEqual([{ loading: null }]);
    expect(await cursorOf(api, flow.id, 'orders')).toBe(150);
    expect(await sql(target.url, 'SELECT count(*)::int AS n FROM recovered.orders WHERE _flowdeck_attempt_id = $1', [second.id])).toEqual([{ n: 75 }]);

    // The next run goes on from there: nothing read twice.
    expect((await runAgain(api, flow.id)).resources.find((resource) => resource.name === 'orders')?.extracted).toBe(0);
  });

  it('counts a load the destination never committed as nothing kept, and discards what it left', async () => {
    const source = await createSource(api, 'sample', { row_count: 100 });
    const flow = await createFlow(api, source.id, destination.id, { displayName: 'Lost load' });
    const attempt = await runAgain(api, flow.id);
    await service.sql(
      `UPDATE run_attempts SET lifecycle = 'running', disposition = 'none', completed_at = NULL, instance_key = $2, loading = 'orders', load_id = 'never-committed',
         load_target = '{"namespace": "lost_load", "table": "orders"}',
         resources = (SELECT jsonb_agg(CASE WHEN item->>'name' = 'orders' THEN item || '{"loaded": 0, "committed": false, "written": 40}' ELSE item END) FROM jsonb_array_elements(resources) item)
       WHERE id = $1`,
      [attempt.id, GONE],
    );
    await recover();
    const [ended] = await listAttempts(api, flow.id, '?limit=1');
    expect(ended?.resources.find((resource) => resource.name === 'orders')).toMatchObject({ loaded: 0, committed: false });
    expect(ended?.resources.find((resource) => resource.name === 'customers')).toMatchObject({ loaded: 20, committed: true });
    expect(await service.sql('SELECT loading FROM run_attempts WHERE id = $1', [attempt.id])).toEqual([{ loading: null }]);
  });
});
