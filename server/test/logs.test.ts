import { afterAll, describe, expect, inject, it } from 'vitest';
import { dataOf } from '@/api/common';
import { configurationCardSchema } from '@/api/cards';
import { sourceSchema } from '@/api/sources';
import { attemptEnded, createFilesDestination, createFlow, createSampleFlow, createWebhook, createWorkflow, expectStatus, inFuture } from './fixtures';
import { startHarness } from './harness';

// The service's pino output, captured while it handles secrets, card links, webhook ids and keys:
// none of them may appear in a log line, while the logs still say what happened.

const lines: string[] = [];
const service = await startHarness({
  logDestination: {
    write: (line: string) => {
      lines.push(line);
    },
  },
  logLevel: 'trace',
});
afterAll(() => service.stop());
const { api, keys } = service;

describe('logs', () => {
  it('never contain passwords, signing secrets, API keys, card hashes or webhook ids', async () => {
    const password = 'log-test-password-9876';
    const postgres = new URL(inject('externalPostgresUrl'));
    const sourceAnswer = await api('/v2/sources', {
      method: 'POST',
      body: { sourceSpec: 'postgres', properties: { host: postgres.hostname, port: Number(postgres.port), database: 'postgres', user: 'flowdeck', password } },
    });
    const source = dataOf(sourceSchema).parse(expectStatus(sourceAnswer, 201).body);
    await api(`/v2/sources/${String(source.id)}`, { method: 'PATCH', body: { properties: { password: `${password}-2` } } });
    // A run whose connection fails: the error is logged, the password must not be.
    const destination = await createFilesDestination(api);
    const failing = await createFlow(api, source.id, destination.id);
    await api(`/v2/flows/${String(failing.id)}/run`, { method: 'POST' });
    await attemptEnded(api, failing.id);

    const cardAnswer = await api(`/v2/sources/${String(source.id)}/configuration_cards`, { method: 'POST', body: { expiresAt: inFuture(3_600_000) } });
    const card = dataOf(configurationCardSchema).parse(expectStatus(cardAnswer, 201).body);
    expectStatus(await api(`/v2/cards/${card.hashId}`, { key: card.hashId }), 200);
    await api(`/v2/cards/${card.hashId}`, { method: 'PATCH', key: card.hashId, body: { properties: { password: `${password}-3` } } });
    await api(`/v2/cards/${card.hashId}x`, { key: `${card.hashId}x` });

    const { flow } = await createSampleFlow(api);
    const workflow = await createWorkflow(api, { flows: [flow.id] });
    const trigger = await createWebhook(api, workflow.id, { provider: 'slack', event_type: 'message', signing_secret: 'log-test-signing-secret' });
    await api(`/v2/webhooks/${trigger.webhookId}`, { method: 'POST', key: null, body: { type: 'url_verification', challenge: 'c' } });
    await api('/v2/flows', { key: keys.starter });
    await api('/v2/flows', { key: 'fd_wrong-key-in-logs' });

    const log = lines.join('');
    expect(log).toContain('"msg":"request"');
    expect(log).toContain('"path":"/v2/sources"');
    expect(log).toContain('"path":"/v2/cards/[redacted]"');
    expect(log).toContain('"path":"/v2/webhooks/[redacted]"');
    for (const secret of [password, 'log-test-signing-secret', keys.team, keys.starter, 'fd_wrong-key-in-logs', card.hashId, trigger.webhookId]) {
      expect(log, `a log line contains ${secret}`).not.toContain(secret);
    }
  });
});
