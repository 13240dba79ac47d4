import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { type AlertChannel, alertChannelSchema, type AlertDelivery, alertDeliverySchema } from '@/api/alerts';
import { dataOf, listOf } from '@/api/common';
import { SIGNING_SECRET_AGAIN } from '@/api/messages';
import { attemptEnded, createFailingFilesDestination, createFilesDestination, createFlow, createSampleSource, expectError, expectStatus } from './fixtures';
import { createTestDatabase, eventually, type Harness, startHarness } from './harness';

// Alerts end to end on the real service: channels whose URL is a secret (sealed, masked, never logged,
// bound to its address), deliveries to a local HTTP receiver started here (payload, HMAC signature,
// retries after a 500, no redirect followed), run failed / recovered, late detection firing once, and
// nothing delivered twice after a restart on the same database.

interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** A receiver answering each request with the next planned status (200 once the plan runs out). */
async function startReceiver() {
  const received: Received[] = [];
  const plan: number[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ path: request.url ?? '', headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      const status = plan.shift() ?? 200;
      if (status === 302) response.writeHead(302, { location: 'http://127.0.0.1:1/elsewhere' }).end();
      else response.writeHead(status, { 'content-type': 'text/plain' }).end(status === 200 ? 'ok thanks' : 'receiver is down');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    received,
    plan,
    url: (path: string) => `http://127.0.0.1:${String(port)}${path}`,
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => {
          resolve();
        });
      }),
  };
}

const SECRET = 'a-signing-secret-of-32-characters';
const receiver = await startReceiver();
const logLines: string[] = [];
const database = await createTestDatabase();
const options = {
  database,
  secretKey: 'alerts-test-key',
  alertRetryDelaySeconds: 1,
  logDestination: {
    write: (line: string) => {
      logLines.push(line);
    },
  },
  logLevel: 'debug',
};
let service: Harness = await startHarness(options);
afterAll(async () => {
  await service.stop();
  await database.drop();
  await receiver.stop();
});

const api = (...args: Parameters<Harness['api']>) => service.api(...args);
const runs = () => {
  if (!service.service.runs) throw new Error('The test service has no run service.');
  return service.service.runs;
};
const readChannel = (body: unknown): AlertChannel => dataOf(alertChannelSchema).parse(body);

async function createChannel(body: Record<string, unknown>): Promise<AlertChannel> {
  return readChannel(expectStatus(await api('/v2/alerts/channels', { method: 'POST', body }), 201).body);
}

async function deliveries(channelId: number): Promise<AlertDelivery[]> {
  const answer = expectStatus(await api(`/v2/alerts/channels/${String(channelId)}/deliveries`), 200);
  return dataOf(listOf(alertDeliverySchema)).parse(answer.body);
}

/** The requests a channel received: each test's channel has a path of its own. */
const hitsAt = (path: string) => receiver.received.filter((hit) => hit.path === path);
/** Waits until the receiver has `count` requests on `path`, and returns them. */
const receivedAt = (path: string, count: number) =>
  eventually(() => Promise.resolve(hitsAt(path).length >= count ? hitsAt(path) : undefined), 20_000, `${String(count)} deliveries to ${path}`);

function verifySignature(hit: Received, secret: string): boolean {
  const timestamp = String(hit.headers['x-flowdeck-timestamp']);
  const expected = `sha256=${createHmac('sha256', secret).update(`${timestamp}.${hit.body}`).digest('hex')}`;
  const given = String(hit.headers['x-flowdeck-signature']);
  return given.length === expected.length && timingSafeEqual(Buffer.from(given), Buffer.from(expected));
}

const source = await createSampleSource(service.api, { row_count: 5 });
const destination = await createFilesDestination(service.api);
const broken = await createFailingFilesDestination(service.api, service.filesDir);

beforeEach(() => {
  receiver.plan.length = 0;
});

describe('alert channels', () => {
  it('keep the URL and signing secret secret: masked in every answer, sealed at rest, never logged', async () => {
    const url = receiver.url('/hooks/secret-path-1');
    const channel = await createChannel({ kind: 'webhook', name: 'Ops', url, signingSecret: SECRET, events: ['run_failed'] });
    expect(channel).toMatchObject({ kind: 'webhook', name: 'Ops', url: '********', address: new URL(url).origin, signingSecretSet: true, flows: null });
    const answers = [await api('/v2/alerts/channels'), await api(`/v2/alerts/channels/${String(channel.id)}`)];
    for (const answer of answers) {
      expect(JSON.stringify(answer.body)).not.toContain('secret-path-1');
      expect(JSON.stringify(answer.body)).not.toContain(SECRET);
    }
    const [row] = await service.sql<{ url_sealed: string; signing_secret_sealed: string }>('SELECT * FROM alert_channels WHERE id = $1', [channel.id]);
    expect(row?.url_sealed).not.toContain('secret-path-1');
    expect(row?.signing_secret_sealed).not.toContain(SECRET);
    expectStatus(await api(`/v2/alerts/channels/${String(channel.id)}/test`, { method: 'POST' }), 202);
    await eventually(async () => ((await deliveries(channel.id))[0]?.status === 'delivered' ? true : undefined));
    const logs = logLines.join('\n');
    expect(logs).toContain('alert delivery');
    expect(logs).not.toContain('secret-path-1');
    expect(logs).not.toContain(SECRET);
  });

  it('refuse what the policy refuses, a webhook without its secret, a masked value sent back, unknown flows', async () => {
    expectError(
      await api('/v2/alerts/channels', { method: 'POST', body: { kind: 'slack', name: 'x', url: 'http://169.254.169.254/latest' } }),
      400,
      /link-local/,
    );
    expectError(await api('/v2/alerts/channels', { method: 'POST', body: { kind: 'webhook', name: 'x', url: receiver.url('/x') } }), 400, /signingSecret/);
    expectError(await api('/v2/alerts/channels', { method: 'POST', body: { kind: 'slack', name: 'x', url: '********' } }), 400, /masked/);
    expectError(await api('/v2/alerts/channels', { method: 'POST', body: { kind: 'slack', name: 'x', url: 'ftp://example.com/x' } }), 400, /http/);
    expectError(
      await api('/v2/alerts/channels', { method: 'POST', body: { kind: 'slack', name: 'x', url: receiver.url('/x'), flows: [999_999] } }),
      400,
      /999999/,
    );
    expectError(await api('/v2/alerts/channels/abc'), 400, /Bad Request/);
    expectError(await api('/v2/alerts/channels/999999'), 404, 'Not Found');
  });

  it('bind the signing secret to the URL: a PATCH moving the URL must send the secret again', async () => {
    const channel = await createChannel({ kind: 'webhook', name: 'Bound', url: receiver.url('/hooks/bound-a'), signingSecret: SECRET });
    const path = `/v2/alerts/channels/${String(channel.id)}`;
    expectError(await api(path, { method: 'PATCH', body: { url: receiver.url('/hooks/bound-b') } }), 400, `Bad Request: ${SIGNING_SECRET_AGAIN}`);
    // The same URL again, or no URL, needs no secret.
    expectStatus(await api(path, { method: 'PATCH', body: { url: receiver.url('/hooks/bound-a'), name: 'Renamed' } }), 200);
    const moved = readChannel(
      expectStatus(await api(path, { method: 'PATCH', body: { url: receiver.url('/hooks/bound-b'), signingSecret: `${SECRET}-2` } }), 200).body,
    );
    expect(moved).toMatchObject({ name: 'Renamed', url: '********' });
    expectStatus(await api(`${path}/test`, { method: 'POST' }), 202);
    const [hit] = await receivedAt('/hooks/bound-b', 1);
    expect(hit && verifySignature(hit, `${SECRET}-2`)).toBe(true);
  });
});

describe('deliveries', () => {
  it('post the documented payload, signed with HMAC-SHA256 over "<timestamp>.<body>"', async () => {
    const channel = await createChannel({ kind: 'webhook', name: 'Signed', url: receiver.url('/hooks/signed'), signingSecret: SECRET });
    const queued = dataOf(alertDeliverySchema).parse(expectStatus(await api(`/v2/alerts/channels/${String(channel.id)}/test`, { method: 'POST' }), 202).body);
    expect(queued).toMatchObject({ event: 'test', status: 'pending', channel: channel.id });
    const [hit] = await receivedAt('/hooks/signed', 1);
    if (!hit) throw new Error('nothing received');
    expect(hit.headers['content-type']).toBe('application/json');
    expect(hit.headers['x-flowdeck-delivery']).toBe(String(queued.id));
    expect(verifySignature(hit, SECRET)).toBe(true);
    expect(verifySignature(hit, 'another-secret-of-enough-length')).toBe(false);
    expect(JSON.parse(hit.body)).toEqual({
      id: queued.id,
      event: 'test',
      occurredAt: expect.any(String) as unknown,
      flow: null,
      attempt: null,
      dueAt: null,
      text: 'Test alert from Flowdeck: channel “Signed” works.',
    });
    const [delivered] = await eventually(async () => {
      const list = await deliveries(channel.id);
      return list[0]?.status === 'delivered' ? list : undefined;
    });
    expect(delivered).toMatchObject({ status: 'delivered', attempts: 1, statusCode: 200, response: 'ok thanks', error: null });
  });

  it('send Slack only `{ text }`', async () => {
    const channel = await createChannel({ kind: 'slack', name: 'Slacky', url: receiver.url('/services/T000/B000/XXXX') });
    expectStatus(await api(`/v2/alerts/channels/${String(channel.id)}/test`, { method: 'POST' }), 202);
    const [hit] = await receivedAt('/services/T000/B000/XXXX', 1);
    expect(JSON.parse(hit?.body ?? '')).toEqual({ text: 'Test alert from Flowdeck: channel “Slacky” works.' });
    expect(hit?.headers['x-flowdeck-signature']).toBeUndefined();
  });

  it('retry after a 500, with backoff, the same body each time, and record the outcome', async () => {
    const channel = await createChannel({ kind: 'webhook', name: 'Flaky', url: receiver.url('/hooks/flaky'), signingSecret: SECRET });
    receiver.plan.push(500, 503);
    expectStatus(await api(`/v2/alerts/channels/${String(channel.id)}/test`, { method: 'POST' }), 202);
    const hits = await receivedAt('/hooks/flaky', 3);
    expect(new Set(hits.map((hit) => hit.body)).size).toBe(1);
    expect(new Set(hits.map((hit) => hit.headers['x-flowdeck-delivery'])).size).toBe(1);
    const delivered = await eventually(async () => {
      const [latest] = await deliveries(channel.id);
      return latest?.status === 'delivered' ? latest : undefined;
    });
    expect(delivered).toMatchObject({ attempts: 3, statusCode: 200 });
  }, 30_000);

  it('fail at once on a redirect (not followed) and on a 4xx, with the answer recorded', async () => {
    const channel = await createChannel({ kind: 'slack', name: 'Moved', url: receiver.url('/hooks/moved') });
    receiver.plan.push(302);
    expectStatus(await api(`/v2/alerts/channels/${String(channel.id)}/test`, { method: 'POST' }), 202);
    const failed = await eventually(async () => {
      const [latest] = await deliveries(channel.id);
      return latest?.status === 'failed' ? latest : undefined;
    });
    expect(failed).toMatchObject({ attempts: 1, statusCode: 302, error: 'Answered HTTP 302 (a redirect): deliveries do not follow redirects.' });
    receiver.plan.push(404);
    expectStatus(await api(`/v2/alerts/channels/${String(channel.id)}/test`, { method: 'POST' }), 202);
    const refused = await eventually(async () => {
      const [latest] = await deliveries(channel.id);
      return latest?.status === 'failed' && latest.id !== failed.id ? latest : undefined;
    });
    expect(refused).toMatchObject({ attempts: 1, statusCode: 404, response: 'receiver is down', error: 'Answered HTTP 404.' });
  });
});

describe('events', () => {
  it('alert on a failed run, then on the first success after it (recovered), for the flows chosen', async () => {
    const failing = await createFlow(service.api, source.id, broken.id, { displayName: 'Breaks nightly' });
    const other = await createFlow(service.api, source.id, broken.id, { displayName: 'Not watched' });
    const channel = await createChannel({
      kind: 'webhook',
      name: 'Runs',
      url: receiver.url('/hooks/runs'),
      signingSecret: SECRET,
      events: ['run_failed', 'run_recovered'],
      flows: [failing.id],
    });
    for (const flow of [failing, other]) {
      expectStatus(await api(`/v2/flows/${String(flow.id)}/run`, { method: 'POST' }), 201);
      expect((await attemptEnded(service.api, flow.id)).disposition).toBe('failed');
    }
    await runs().checkAlerts();
    const [failure] = await receivedAt('/hooks/runs', 1);
    const payload = JSON.parse(failure?.body ?? '{}') as Record<string, unknown>;
    expect(payload).toMatchObject({
      event: 'run_failed',
      flow: { id: failing.id, name: 'Breaks nightly', url: expect.stringMatching(new RegExp(`/flows/${String(failing.id)}$`)) as unknown },
      attempt: { number: 1, errors: expect.arrayContaining([expect.stringMatching(/ENOTDIR/)]) as unknown },
    });
    expect(String(payload.text)).toMatch(/^Flow “Breaks nightly” failed \(attempt #1\): /);
    expect(hitsAt('/hooks/runs').filter((hit) => hit.body.includes('Not watched'))).toHaveLength(0);

    expectStatus(await api(`/v2/flows/${String(failing.id)}`, { method: 'PATCH', body: { destination: destination.id } }), 200);
    expectStatus(await api(`/v2/flows/${String(failing.id)}/run`, { method: 'POST' }), 201);
    expect((await attemptEnded(service.api, failing.id)).disposition).toBe('succeeded');
    await runs().checkAlerts();
    const hits = await receivedAt('/hooks/runs', 2);
    expect(JSON.parse(hits[1]?.body ?? '{}')).toMatchObject({ event: 'run_recovered', attempt: { number: 2 } });
    // A second success is no recovery.
    expectStatus(await api(`/v2/flows/${String(failing.id)}/run`, { method: 'POST' }), 201);
    await attemptEnded(service.api, failing.id);
    await runs().checkAlerts();
    expect(hitsAt('/hooks/runs')).toHaveLength(2);
    expect((await deliveries(channel.id)).map((delivery) => delivery.event)).toEqual(['run_recovered', 'run_failed']);
  });

  it('fire late once per lateness, however often it is checked, and again for the next lateness', async () => {
    const flow = await createFlow(service.api, source.id, destination.id, { displayName: 'Hourly late', frequency: '1h' });
    const channel = await createChannel({ kind: 'webhook', name: 'Late', url: receiver.url('/hooks/late'), signingSecret: SECRET, events: ['flow_late'] });
    await service.sql(
      "INSERT INTO run_attempts (flow_id, trigger, lifecycle, disposition, created_at, completed_at) VALUES ($1, 'scheduled', 'not_running', 'succeeded', now() - interval '2 hours', now() - interval '2 hours')",
      [flow.id],
    );
    await runs().checkLateFlows();
    await runs().checkLateFlows();
    const [late] = await receivedAt('/hooks/late', 1);
    expect(JSON.parse(late?.body ?? '{}')).toMatchObject({ event: 'flow_late', flow: { id: flow.id }, dueAt: expect.any(String) as unknown });
    await runs().checkLateFlows();
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(hitsAt('/hooks/late')).toHaveLength(1);
    // A run, then late again: a new due time is a new lateness.
    await service.sql(
      "INSERT INTO run_attempts (flow_id, trigger, lifecycle, disposition, created_at, completed_at) VALUES ($1, 'scheduled', 'not_running', 'succeeded', now() - interval '90 minutes', now() - interval '90 minutes')",
      [flow.id],
    );
    await runs().checkLateFlows();
    await receivedAt('/hooks/late', 2);
    expect((await deliveries(channel.id)).filter((delivery) => delivery.event === 'flow_late')).toHaveLength(2);
  });

  it('deliver nothing twice after a restart on the same database', async () => {
    const flow = await createFlow(service.api, source.id, broken.id, { displayName: 'Restart check', frequency: '15m' });
    await createChannel({ kind: 'slack', name: 'Restart', url: receiver.url('/hooks/restart'), events: ['run_failed', 'flow_late'], flows: [flow.id] });
    expectStatus(await api(`/v2/flows/${String(flow.id)}/run`, { method: 'POST' }), 201);
    await attemptEnded(service.api, flow.id);
    await service.sql("UPDATE run_attempts SET created_at = created_at - interval '1 hour' WHERE flow_id = $1", [flow.id]);
    await runs().checkAlerts();
    await receivedAt('/hooks/restart', 1);
    // Failing wins over late: a failing flow is not also reported late.
    await runs().checkLateFlows();
    const before = receiver.received.length;

    await service.stop();
    service = await startHarness(options);
    await runs().checkAlerts();
    await runs().checkLateFlows();
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(hitsAt('/hooks/restart')).toHaveLength(1);
    expect(receiver.received.length).toBe(before);
  }, 30_000);
});
