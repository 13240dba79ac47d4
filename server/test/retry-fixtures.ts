import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type AlertDelivery, alertDeliverySchema } from '@/api/alerts';
import { dataOf, listOf } from '@/api/common';
import { destinationSchema } from '@/api/destinations';
import { expectStatus } from './fixtures';
import { type Api, eventually } from './harness';

// What the retry tests share: a destination that fails until mended, and the alert channel that says
// whether a failure was told.

/** A files destination whose folder is a file (every load fails) until `fix` makes it a folder. */
export async function brokenDestination(api: Api, filesDir: string, name: string) {
  const path = join(filesDir, name);
  mkdirSync(filesDir, { recursive: true });
  rmSync(path, { recursive: true, force: true });
  writeFileSync(path, 'a file, not a folder');
  const answer = await api('/v2/destinations', { method: 'POST', body: { destinationSpec: 'files', properties: { bucket_url: name, format: 'jsonl' } } });
  const destination = dataOf(destinationSchema).parse(expectStatus(answer, 201).body);
  return {
    destination,
    fix: () => {
      rmSync(path, { force: true });
      mkdirSync(path);
    },
  };
}

/** A Slack channel told of `flowId`'s failures (at an address nobody answers), and its deliveries. */
export async function failureChannel(api: Api, flowId: number) {
  const answer = await api('/v2/alerts/channels', {
    method: 'POST',
    body: { kind: 'slack', name: 'On call', url: 'http://127.0.0.1:9/hooks/retries', events: ['run_failed'], flows: [flowId] },
  });
  const channel = expectStatus(answer, 201).body as { data: { id: number } };
  const deliveries = async (): Promise<AlertDelivery[]> => {
    const listed = expectStatus(await api(`/v2/alerts/channels/${String(channel.data.id)}/deliveries`), 200);
    return dataOf(listOf(alertDeliverySchema)).parse(listed.body);
  };
  /** The deliveries once there is one. */
  const told = () =>
    eventually(
      async () => {
        const found = await deliveries();
        return found.length > 0 ? found : undefined;
      },
      15_000,
      'the failure alert',
    );
  return { deliveries, told };
}
