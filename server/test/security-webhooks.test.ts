import { createHmac } from 'node:crypto';
import { request } from 'node:http';
import { afterAll, describe, expect, it } from 'vitest';
import { dataOf, listOf } from '@/api/common';
import { webhookTriggerSchema } from '@/api/webhooks';
import { createSampleFlow, createWebhook, createWorkflow, workflowEnded } from './fixtures';
import { startHarness } from './harness';

// Webhook triggers as an attacker sees them: a captured signed Slack request replayed, a forged Host
// header on the link, and the demo data's trigger id guessed from the source code.

const service = await startHarness();
afterAll(() => service.stop());
const { api } = service;

function slackHeaders(secret: string, body: string, timestamp = Math.floor(Date.now() / 1000)) {
  const signature = `v0=${createHmac('sha256', secret)
    .update(`v0:${String(timestamp)}:${body}`)
    .digest('hex')}`;
  return { 'content-type': 'application/json', 'x-slack-request-timestamp': String(timestamp), 'x-slack-signature': signature };
}

async function deliver(url: string, body: string, headers: Record<string, string>) {
  const response = await fetch(url, { method: 'POST', headers, body });
  return { status: response.status, body: (await response.json()) as { message?: string } };
}

describe('a signed Slack request', () => {
  it('is accepted once; the same request replayed inside the 5-minute window is refused and starts nothing', async () => {
    const { flow } = await createSampleFlow(api, { row_count: 10 });
    const workflow = await createWorkflow(api, { flows: [flow.id] });
    const trigger = await createWebhook(api, workflow.id, { provider: 'slack', event_type: 'app_mention', signing_secret: 'shh-signing-secret' });
    const body = JSON.stringify({ type: 'event_callback', event: { type: 'app_mention' } });
    const sentAt = Math.floor(Date.now() / 1000);
    const headers = slackHeaders('shh-signing-secret', body, sentAt);

    expect((await deliver(trigger.url, body, headers)).status).toBe(201);
    await workflowEnded(api, workflow.id);
    const replay = await deliver(trigger.url, body, headers);
    expect(replay).toEqual({ status: 409, body: { message: 'Conflict: this signed request was already received.' } });
    const runs = await service.sql<{ n: number }>('SELECT count(*)::int AS n FROM workflow_runs WHERE workflow_id = $1', [workflow.id]);
    expect(runs[0]?.n).toBe(1);
    const stored = await service.sql<{ trigger_count: number }>('SELECT trigger_count FROM webhook_triggers WHERE id = $1', [trigger.id]);
    expect(stored[0]?.trigger_count).toBe(1);

    // A new request (another timestamp, so another signature) is not a replay. Its timestamp is taken from
    // the first one's: "now - 1" could fall on the first request's own second and sign the same request.
    const fresh = await deliver(trigger.url, body, slackHeaders('shh-signing-secret', body, sentAt - 1));
    expect(fresh.status).toBe(201);
  });
});

describe('a webhook url', () => {
  it('does not follow a forged Host header', async () => {
    const { flow } = await createSampleFlow(api, { row_count: 10 });
    const workflow = await createWorkflow(api, { flows: [flow.id] });
    await createWebhook(api, workflow.id, { provider: 'generic', event_type: 'deploy' });
    const { port } = new URL(service.url);
    const text = await new Promise<string>((resolveText, reject) => {
      const outgoing = request(
        {
          host: '127.0.0.1',
          port,
          path: `/v2/workflows/${String(workflow.id)}/webhooks`,
          headers: { host: 'attacker.example', authorization: `Bearer ${service.keys.team}` },
        },
        (response) => {
          let data = '';
          response.on('data', (chunk: Buffer) => {
            data += chunk.toString();
          });
          response.on('end', () => {
            resolveText(data);
          });
        },
      );
      outgoing.on('error', reject);
      outgoing.end();
    });
    const [listed] = dataOf(listOf(webhookTriggerSchema)).parse(JSON.parse(text));
    expect(listed?.url.startsWith(`${service.url}/v2/webhooks/`)).toBe(true);
    expect(text).not.toContain('attacker.example');
  });
});

describe('the demo data', () => {
  it('gives its Slack trigger an id of its own per data folder, not one anybody can read in the source', async () => {
    const ids: string[] = [];
    for (let index = 0; index < 2; index += 1) {
      const demo = await startHarness({ demo: true });
      try {
        const rows = await demo.sql<{ webhook_id: string }>('SELECT webhook_id FROM webhook_triggers');
        expect(rows).toHaveLength(1);
        ids.push(rows[0]?.webhook_id ?? '');
      } finally {
        await demo.stop();
      }
    }
    expect(ids[0]).not.toBe(ids[1]);
    for (const id of ids) expect(id).toMatch(/^wh_[A-Za-z0-9_-]{20,}$/);
    expect(ids).not.toContain('wh_demo_nightly_refresh');
  });
});
