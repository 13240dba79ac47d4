import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { dataOf } from '@/api/common';
import { resolverListSchema } from '@/api/resolvers';
import { createSource, silentServer } from './connector-fixtures';
import { eventually, startHarness } from './harness';

// Discovery is bounded in time, and one stuck source does not hold up the others.

const service = await startHarness({ discoveryTimeoutMs: 2_000 });
const silent = await silentServer();
const silentPort = silent.port;
afterAll(async () => {
  await silent.close();
  await service.stop();
});

const discovery = async (sourceId: number) => dataOf(resolverListSchema).parse((await service.api(`/v2/sources/${String(sourceId)}/resolvers`)).body);

it('fails a source whose server never answers with a clear error, and discovers another source meanwhile', async () => {
  const stuck = await createSource(service.api, 'csv', { location: `http://127.0.0.1:${String(silentPort)}/orders.csv` });
  writeFileSync(join(service.filesDir, 'quick.csv'), 'a,b\n1,2\n');
  const quick = await createSource(service.api, 'csv', { location: 'quick.csv' });

  const quickDone = await eventually(
    async () => {
      const list = await discovery(quick.id);
      return list.discoveryStatus?.status === 'succeeded' ? list : undefined;
    },
    1_500,
    'the quick source discovered while the stuck one waits',
  );
  expect(quickDone.resolvers.map((resolver) => resolver.name)).toEqual(['a', 'b']);
  expect((await discovery(stuck.id)).discoveryStatus?.status).toBe('in_progress');

  const failed = await eventually(
    async () => {
      const list = await discovery(stuck.id);
      return list.discoveryStatus?.status === 'failed' ? list : undefined;
    },
    10_000,
    'the stuck source to fail',
  );
  expect(failed.discoveryStatus?.error).toMatch(/Discovery gave up after 2 s/);
});
