import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuditEntry, auditPageSchema, SECRET_CHANGED } from '@/api/audit';
import { type Operation, type OperationName, OPERATIONS } from '@/api/operations';
import { ruleOf } from '../audit/record';
import { readAuditRetentionDays } from '../audit/retention';
import {
  anyString,
  attemptEnded,
  createFailingFilesDestination,
  createFilesDestination,
  createFlow,
  createSampleFlow,
  createSampleSource,
  createWebhook,
  createWorkflow,
  expectStatus,
  inFuture,
  matching,
  SLOW_SAMPLE,
  workflowEnded,
} from './fixtures';
import { type ApiAnswer, eventually, type Harness, startHarness } from './harness';
import { insertAuditEntry } from '../store/audit-log';

// The audit log against the real service: each change the operations table has (a rule of
// server/audit/rules.ts) leaves exactly one entry with its actor, action, object and changes; a failed
// one leaves none; no entry holds a secret; an entry that cannot be written takes its change with it.

let service: Harness;
let keyActor: { type: 'key'; id: string; name: string };
beforeAll(async () => {
  service = await startHarness();
  const [key] = await service.sql<{ id: number }>("SELECT id FROM api_keys WHERE label = 'test'");
  keyActor = { type: 'key', id: String(key?.id), name: 'test' };
}, 120_000);
afterAll(async () => {
  await service.stop();
});

const api = (...args: Parameters<Harness['api']>) => service.api(...args);
const idOf = (answer: ApiAnswer) => (answer.body as { data: { id: number } }).data.id;
const png = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5f0d8ab0000000049454e44ae426082',
  'hex',
);

async function lastId(): Promise<string> {
  const [row] = await service.sql<{ id: string }>('SELECT coalesce(max(id), 0)::text AS id FROM audit_log');
  return row?.id ?? '0';
}

/** The entries recorded after `mark`, oldest first, as GET /v2/audit answers them. */
async function entriesAfter(mark: string): Promise<AuditEntry[]> {
  const page = auditPageSchema.parse(expectStatus(await api('/v2/audit?limit=500'), 200).body);
  return page.data.filter((entry) => BigInt(entry.id) > BigInt(mark)).reverse();
}

async function sampleSourceDiscovered() {
  const source = await createSampleSource(api);
  await eventually(async () => {
    const list = (await api(`/v2/sources/${String(source.id)}/resolvers`)).body as { data: { discoveryStatus: { status: string } | null } };
    return list.data.discoveryStatus?.status === 'succeeded' ? true : undefined;
  });
  return source;
}

async function postgresSource(password: string) {
  const answer = await api('/v2/sources', {
    method: 'POST',
    body: { sourceSpec: 'postgres', displayName: 'Warehouse', properties: { host: 'db.internal', port: 5432, database: 'app', user: 'reader', password } },
  });
  return idOf(expectStatus(answer, 201));
}

async function card(sourceId: number) {
  const answer = await api(`/v2/sources/${String(sourceId)}/configuration_cards`, { method: 'POST', body: { expiresAt: inFuture(3_600_000) } });
  const { id, hash_id: hashId } = (expectStatus(answer, 201).body as { data: { id: number; hash_id: string } }).data;
  return { id, hashId };
}

async function workflowWithFlow() {
  const { flow } = await createSampleFlow(api);
  return { flow, workflow: await createWorkflow(api, { flows: [flow.id] }) };
}

async function channel() {
  const body = {
    kind: 'webhook',
    name: 'On call',
    url: 'https://hooks.example.com/T0/channel-token',
    signingSecret: 'first-signing-secret',
    events: ['run_failed'],
  };
  return idOf(expectStatus(await api('/v2/alerts/channels', { method: 'POST', body }), 201));
}

const slackSigned = (secret: string, body: string) => {
  const timestamp = String(Math.floor(Date.now() / 1000));
  const signature = `v0=${createHmac('sha256', secret).update(`v0:${timestamp}:${body}`).digest('hex')}`;
  return { 'x-slack-request-timestamp': timestamp, 'x-slack-signature': signature, 'content-type': 'application/json' };
};

/** A person invited and signed in through their invitation: their browser session's cookie. */
async function userSession(email: string): Promise<{ cookie: string; userId: number }> {
  const invited = expectStatus(await api('/v2/users', { method: 'POST', body: { email, name: 'Session user', role: 'viewer' } }), 201);
  const { id, invitation } = (invited.body as { data: { id: number; invitation: { url: string } } }).data;
  const token = new URL(invitation.url).hash.replace(/^#token=/, '');
  const used = await fetch(`${service.url}/v2/links/use`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-flowdeck-csrf': '1' },
    body: JSON.stringify({ token, password: 'a long enough password' }),
  });
  expect(used.status).toBeLessThan(300);
  return { cookie: (used.headers.get('set-cookie') ?? '').split(';')[0] ?? '', userId: id };
}

async function invitedUser(email: string) {
  const answer = await api('/v2/users', { method: 'POST', body: { email, name: 'Ada Lovelace', role: 'viewer' } });
  return idOf(expectStatus(answer, 201));
}

/** What one call of an operation should have recorded. */
interface Expected {
  answer: ApiAnswer;
  resource: { type: string; id?: string | null; name?: string | null } | null;
  changes?: Record<string, unknown> | null;
  actor?: { type: string; id?: string | null };
  /** Entries after this mark count (a scenario that made others on the way). */
  mark?: string;
}

/** One successful call of each audited operation, on a real object made for it. */
const SCENARIOS: Record<string, () => Promise<Expected>> = {
  createSource: async () => {
    const answer = await api('/v2/sources', { method: 'POST', body: { sourceSpec: 'sample', displayName: 'Orders', properties: { row_count: 5 } } });
    return {
      answer,
      resource: { type: 'source', id: String(idOf(answer)), name: 'Orders' },
      changes: {
        displayName: { before: null, after: 'Orders' },
        sourceSpec: { before: null, after: 'sample' },
        'properties.row_count': { before: null, after: 5 },
      },
    };
  },
  updateSource: async () => {
    const source = await createSampleSource(api, { row_count: 5 }, 'Before');
    const answer = await api(`/v2/sources/${String(source.id)}`, { method: 'PATCH', body: { displayName: 'After' } });
    return { answer, resource: { type: 'source', id: String(source.id), name: 'After' }, changes: { displayName: { before: 'Before', after: 'After' } } };
  },
  deleteSource: async () => {
    const source = await createSampleSource(api, { row_count: 5 }, 'Gone');
    const answer = await api(`/v2/sources/${String(source.id)}`, { method: 'DELETE' });
    return { answer, resource: { type: 'source', id: String(source.id), name: 'Gone' } };
  },
  createConfigurationCard: async () => {
    const source = await createSampleSource(api);
    const answer = await api(`/v2/sources/${String(source.id)}/configuration_cards`, { method: 'POST', body: { expiresAt: inFuture(3_600_000) } });
    return { answer, resource: { type: 'card', id: String(idOf(answer)) } };
  },
  revokeConfigurationCard: async () => {
    const source = await createSampleSource(api);
    const made = await card(source.id);
    const answer = await api(`/v2/sources/${String(source.id)}/configuration_cards/${String(made.id)}`, { method: 'DELETE' });
    return { answer, resource: { type: 'card', id: String(made.id) }, changes: { revokedAt: { before: null, after: anyString } } };
  },
  updateResolvers: async () => {
    const source = await sampleSourceDiscovered();
    const list = (await api(`/v2/sources/${String(source.id)}/resolvers`)).body as { data: { resolvers: { name: string }[] } };
    const name = list.data.resolvers[0]?.name ?? 'none';
    const answer = await api(`/v2/sources/${String(source.id)}/resolvers`, { method: 'PATCH', body: { resolvers: [{ name, suppressed: true }] } });
    return { answer, resource: { type: 'source', id: String(source.id) }, changes: { [`resolvers.${name}.suppressed`]: { before: false, after: true } } };
  },
  discoverResolvers: async () => {
    const source = await sampleSourceDiscovered();
    const answer = await api(`/v2/sources/${String(source.id)}/discover`, { method: 'POST' });
    return { answer, resource: { type: 'source', id: String(source.id) }, changes: null };
  },
  createDestination: async () => {
    const answer = await api('/v2/destinations', {
      method: 'POST',
      body: { destinationSpec: 'files', displayName: 'Lake', properties: { bucket_url: 'lake', format: 'jsonl' } },
    });
    return { answer, resource: { type: 'destination', id: String(idOf(answer)), name: 'Lake' } };
  },
  updateDestination: async () => {
    const destination = await createFilesDestination(api);
    const answer = await api(`/v2/destinations/${String(destination.id)}`, { method: 'PATCH', body: { maxConcurrentRuns: 2 } });
    return { answer, resource: { type: 'destination', id: String(destination.id) }, changes: { maxConcurrentRuns: { before: null, after: 2 } } };
  },
  deleteDestination: async () => {
    const destination = await createFilesDestination(api);
    const answer = await api(`/v2/destinations/${String(destination.id)}`, { method: 'DELETE' });
    return { answer, resource: { type: 'destination', id: String(destination.id), name: 'Files' } };
  },
  createFlow: async () => {
    const [source, destination] = [await createSampleSource(api), await createFilesDestination(api)];
    const answer = await api('/v2/flows', { method: 'POST', body: { displayName: 'Nightly', source: source.id, destination: destination.id } });
    return { answer, resource: { type: 'flow', id: String(idOf(answer)), name: 'Nightly' } };
  },
  updateFlow: async () => {
    const { flow } = await createSampleFlow(api);
    const answer = await api(`/v2/flows/${String(flow.id)}`, { method: 'PATCH', body: { paused: true } });
    return { answer, resource: { type: 'flow', id: String(flow.id) }, changes: { paused: { before: false, after: true } } };
  },
  deleteFlow: async () => {
    const { flow } = await createSampleFlow(api);
    const answer = await api(`/v2/flows/${String(flow.id)}`, { method: 'DELETE' });
    return { answer, resource: { type: 'flow', id: String(flow.id), name: 'Test flow' } };
  },
  runFlow: async () => {
    const { flow } = await createSampleFlow(api);
    const answer = await api(`/v2/flows/${String(flow.id)}/run`, { method: 'POST' });
    await attemptEnded(api, flow.id);
    return { answer, resource: { type: 'flow', id: String(flow.id), name: 'Test flow' }, changes: null };
  },
  resetFlowState: async () => {
    const { flow } = await createSampleFlow(api);
    const answer = await api(`/v2/flows/${String(flow.id)}/state`, { method: 'DELETE' });
    return { answer, resource: { type: 'flow', id: String(flow.id) }, changes: { stateReset: { before: null, after: 'all resources' } } };
  },
  resyncFlow: async () => {
    const { flow } = await createSampleFlow(api);
    const answer = await api(`/v2/flows/${String(flow.id)}/resync`, { method: 'POST', body: {} });
    await attemptEnded(api, flow.id);
    return { answer, resource: { type: 'flow', id: String(flow.id) } };
  },
  cancelFlow: async () => {
    const { flow } = await createSampleFlow(api, SLOW_SAMPLE);
    expectStatus(await api(`/v2/flows/${String(flow.id)}/run`, { method: 'POST' }), 201);
    const mark = await lastId();
    const answer = await api(`/v2/flows/${String(flow.id)}/cancel`, { method: 'POST' });
    await attemptEnded(api, flow.id);
    return { answer, resource: { type: 'flow', id: String(flow.id) }, mark };
  },
  createWorkflow: async () => {
    const { flow } = await createSampleFlow(api);
    const answer = await api('/v2/workflows', { method: 'POST', body: { name: 'Morning', definition: { flows: [flow.id] } } });
    return { answer, resource: { type: 'workflow', id: String(idOf(answer)), name: 'Morning' } };
  },
  updateWorkflow: async () => {
    const { workflow } = await workflowWithFlow();
    const answer = await api(`/v2/workflows/${String(workflow.id)}`, { method: 'PATCH', body: { description: 'Every morning' } });
    return { answer, resource: { type: 'workflow', id: String(workflow.id) }, changes: { description: { before: '', after: 'Every morning' } } };
  },
  deleteWorkflow: async () => {
    const { workflow } = await workflowWithFlow();
    const answer = await api(`/v2/workflows/${String(workflow.id)}`, { method: 'DELETE' });
    return { answer, resource: { type: 'workflow', id: String(workflow.id), name: 'Test workflow' } };
  },
  rerunWorkflowRun: async () => {
    const source = await createSampleSource(api);
    const flow = await createFlow(api, source.id, (await createFailingFilesDestination(api, service.filesDir)).id);
    const workflow = await createWorkflow(api, { flows: [flow.id] });
    expectStatus(await api(`/v2/workflows/${String(workflow.id)}/run`, { method: 'POST' }), 201);
    await workflowEnded(api, workflow.id);
    const [run] = await service.sql<{ id: number }>('SELECT id FROM workflow_runs WHERE workflow_id = $1', [workflow.id]);
    const mark = await lastId();
    const answer = await api(`/v2/workflows/${String(workflow.id)}/runs/${String(run?.id)}/rerun`, { method: 'POST' });
    await workflowEnded(api, workflow.id);
    return { answer, resource: { type: 'workflow', id: String(workflow.id) }, changes: { rerunOf: { before: null, after: run?.id } }, mark };
  },
  runWorkflow: async () => {
    const { workflow } = await workflowWithFlow();
    const answer = await api(`/v2/workflows/${String(workflow.id)}/run`, { method: 'POST' });
    await workflowEnded(api, workflow.id);
    return { answer, resource: { type: 'workflow', id: String(workflow.id) } };
  },
  cancelWorkflow: async () => {
    const { workflow } = await workflowWithFlow();
    const answer = await api(`/v2/workflows/${String(workflow.id)}/cancel`, { method: 'POST' });
    return { answer, resource: { type: 'workflow', id: String(workflow.id) } };
  },
  createWebhookTrigger: async () => {
    const { workflow } = await workflowWithFlow();
    const answer = await api(`/v2/workflows/${String(workflow.id)}/webhooks`, {
      method: 'POST',
      body: { provider: 'slack', event_type: 'message', signing_secret: 'trigger-signing-secret' },
    });
    return {
      answer,
      resource: { type: 'webhook trigger', id: String(idOf(answer)) },
      changes: expect.objectContaining({ signingSecret: { before: null, after: SECRET_CHANGED } }) as unknown as Record<string, unknown>,
    };
  },
  deleteWebhookTrigger: async () => {
    const { workflow } = await workflowWithFlow();
    const trigger = await createWebhook(api, workflow.id);
    const answer = await api(`/v2/workflows/${String(workflow.id)}/webhooks/${String(trigger.id)}`, { method: 'DELETE' });
    return { answer, resource: { type: 'webhook trigger', id: String(trigger.id) } };
  },
  submitCard: async () => {
    const sourceId = await postgresSource('old-password-1');
    const made = await card(sourceId);
    const answer = await api(`/v2/cards/${made.hashId}`, {
      method: 'PATCH',
      key: made.hashId,
      body: { properties: { host: 'db2.internal', password: 'card-secret-2' } },
    });
    return {
      answer,
      actor: { type: 'card', id: String(made.id) },
      resource: { type: 'source', id: String(sourceId), name: 'Warehouse' },
      changes: {
        'properties.host': { before: 'db.internal', after: 'db2.internal' },
        'properties.password': { before: SECRET_CHANGED, after: SECRET_CHANGED },
      },
    };
  },
  uploadCardFile: async () => {
    const answer = await api('/v2/sources', { method: 'POST', body: { sourceSpec: 'csv', displayName: 'Partner file', properties: {} } });
    const made = await card(idOf(expectStatus(answer, 201)));
    const uploaded = await api(`/v2/cards/${made.hashId}/uploads?filename=orders.csv`, {
      method: 'POST',
      key: made.hashId,
      body: 'id,name\n1,Ada\n',
      headers: { 'content-type': 'text/csv' },
    });
    return {
      answer: uploaded,
      actor: { type: 'card', id: String(made.id) },
      resource: { type: 'card', id: String(made.id) },
      changes: { file: { before: null, after: 'orders.csv' }, size: { before: null, after: 14 } },
    };
  },
  updateSettings: async () => {
    const answer = await api('/v2/settings', { method: 'PATCH', body: { organizationName: 'Acme Data' } });
    return { answer, resource: { type: 'settings', id: null, name: 'Settings' }, changes: { organizationName: { before: null, after: 'Acme Data' } } };
  },
  uploadLogo: async () => {
    const sent = await fetch(`${service.url}/v2/settings/logo`, { method: 'POST', headers: { authorization: `Bearer ${service.keys.team}` }, body: png });
    const answer = { status: sent.status, body: (await sent.json()) as unknown, headers: sent.headers };
    return { answer, resource: { type: 'settings', id: null }, changes: { logoUrl: { before: null, after: matching(/logo/) } } };
  },
  uploadFile: async () => {
    const answer = await api('/v2/uploads?filename=numbers.csv', { method: 'POST', body: 'n\n1\n2\n', headers: { 'content-type': 'text/csv' } });
    return {
      answer,
      resource: { type: 'upload', id: null, name: 'numbers.csv' },
      changes: { file: { before: null, after: 'numbers.csv' }, size: { before: null, after: 6 } },
    };
  },
  createAlertChannel: async () => {
    const body = {
      kind: 'webhook',
      name: 'Pager',
      url: 'https://hooks.example.com/T0/create-token',
      signingSecret: 'channel-signing-secret',
      events: ['run_failed'],
    };
    const answer = await api('/v2/alerts/channels', { method: 'POST', body });
    return {
      answer,
      resource: { type: 'alert channel', id: String(idOf(answer)), name: 'Pager' },
      changes: expect.objectContaining({
        url: { before: null, after: SECRET_CHANGED },
        signingSecret: { before: null, after: SECRET_CHANGED },
        name: { before: null, after: 'Pager' },
      }) as unknown as Record<string, unknown>,
    };
  },
  updateAlertChannel: async () => {
    const id = await channel();
    const body = { url: 'https://hooks.example.com/T0/rotated-token', signingSecret: 'second-signing-secret', name: 'Renamed' };
    const answer = await api(`/v2/alerts/channels/${String(id)}`, { method: 'PATCH', body });
    return {
      answer,
      resource: { type: 'alert channel', id: String(id), name: 'Renamed' },
      changes: {
        url: { before: SECRET_CHANGED, after: SECRET_CHANGED },
        signingSecret: { before: SECRET_CHANGED, after: SECRET_CHANGED },
        name: { before: 'On call', after: 'Renamed' },
      },
    };
  },
  deleteAlertChannel: async () => {
    const id = await channel();
    const answer = await api(`/v2/alerts/channels/${String(id)}`, { method: 'DELETE' });
    return { answer, resource: { type: 'alert channel', id: String(id), name: 'On call' } };
  },
  sendTestAlert: async () => {
    const id = await channel();
    const answer = await api(`/v2/alerts/channels/${String(id)}/test`, { method: 'POST' });
    return { answer, resource: { type: 'alert channel', id: String(id) }, changes: null };
  },
  deliverWebhook: async () => {
    const { workflow } = await workflowWithFlow();
    const trigger = await createWebhook(api, workflow.id, { provider: 'slack', event_type: 'message', signing_secret: 'delivery-secret' });
    const body = JSON.stringify({ type: 'event_callback', event: { type: 'message' } });
    const answer = await api(`/v2/webhooks/${trigger.webhookId}`, { method: 'POST', key: null, body, headers: slackSigned('delivery-secret', body) });
    await workflowEnded(api, workflow.id);
    return { answer, actor: { type: 'webhook', id: String(trigger.id) }, resource: { type: 'workflow', id: String(workflow.id) } };
  },
  createUser: async () => {
    const answer = await api('/v2/users', { method: 'POST', body: { email: 'grace@example.com', name: 'Grace Hopper', role: 'editor' } });
    return {
      answer,
      resource: { type: 'user', id: String(idOf(answer)), name: 'Grace Hopper' },
      changes: { email: { before: null, after: 'grace@example.com' }, name: { before: null, after: 'Grace Hopper' }, role: { before: null, after: 'editor' } },
    };
  },
  updateUser: async () => {
    const id = await invitedUser('ada.update@example.com');
    const answer = await api(`/v2/users/${String(id)}`, { method: 'PATCH', body: { role: 'operator' } });
    return { answer, resource: { type: 'user', id: String(id) }, changes: { role: { before: 'viewer', after: 'operator' } } };
  },
  deleteUser: async () => {
    const id = await invitedUser('ada.delete@example.com');
    const answer = await api(`/v2/users/${String(id)}`, { method: 'DELETE' });
    return { answer, resource: { type: 'user', id: String(id), name: 'Ada Lovelace' } };
  },
  resetUserPassword: async () => {
    const id = await invitedUser('ada.reset@example.com');
    const answer = await api(`/v2/users/${String(id)}/password-reset`, { method: 'POST' });
    return { answer, resource: { type: 'user', id: String(id) }, changes: null };
  },
  createKey: async () => {
    const answer = await api('/v2/keys', { method: 'POST', body: { name: 'CI', role: 'operator' } });
    return {
      answer,
      resource: { type: 'key', id: String(idOf(answer)), name: 'CI' },
      changes: expect.objectContaining({ role: { before: null, after: 'operator' } }) as unknown as Record<string, unknown>,
    };
  },
  revokeKey: async () => {
    const made = await api('/v2/keys', { method: 'POST', body: { name: 'Old CI', role: 'viewer' } });
    const id = idOf(expectStatus(made, 201));
    const answer = await api(`/v2/keys/${String(id)}`, { method: 'DELETE' });
    return { answer, resource: { type: 'key', id: String(id), name: 'Old CI' } };
  },
  signOut: async () => {
    const { cookie, userId } = await userSession('out@example.com');
    const answer = await api('/v2/session', { method: 'DELETE', key: null, headers: { cookie, 'x-flowdeck-csrf': '1' } });
    return { answer, actor: { type: 'user', id: String(userId) }, resource: null };
  },
  signOutEverywhere: async () => {
    const { cookie, userId } = await userSession('everywhere@example.com');
    const answer = await api('/v2/sessions', { method: 'DELETE', key: null, headers: { cookie, 'x-flowdeck-csrf': '1' } });
    return { answer, actor: { type: 'user', id: String(userId) }, resource: null };
  },
};

const audited = (OPERATIONS as readonly Operation[]).filter((operation) => ruleOf(operation.name as OperationName) !== false);

describe('what is recorded', () => {
  it('every operation that changes something has a rule, and every audited one a scenario here', () => {
    const reads = (OPERATIONS as readonly Operation[]).filter((operation) => operation.method === 'get');
    expect(reads.filter((operation) => ruleOf(operation.name as OperationName) !== false).map((operation) => operation.name)).toEqual([]);
    expect(audited.map((operation) => operation.name).sort()).toEqual(Object.keys(SCENARIOS).sort());
  });

  for (const operation of audited) {
    it(`${operation.name}: one entry with its actor, action, object and changes`, async () => {
      const scenario = SCENARIOS[operation.name];
      if (!scenario) throw new Error(`No scenario for ${operation.name}`);
      const before = await lastId();
      const expected = await scenario();
      expect(expected.answer.status, JSON.stringify(expected.answer.body)).toBeLessThan(300);
      const entries = (await entriesAfter(expected.mark ?? before)).filter((entry) => entry.action === operation.name);
      expect(entries, JSON.stringify(entries)).toHaveLength(1);
      const [entry] = entries;
      expect(entry?.actor).toMatchObject(expected.actor ?? keyActor);
      expect(entry?.address).toBeTruthy();
      expect(entry?.resource).toEqual(expected.resource === null ? null : expect.objectContaining(expected.resource));
      if (expected.changes !== undefined) expect(entry?.changes).toEqual(expected.changes);
    }, 60_000);
  }

  it("a read, or a card's Test connection, leaves no entry", async () => {
    const source = await createSampleSource(api);
    const made = await card(idOf(expectStatus(await api('/v2/sources', { method: 'POST', body: { sourceSpec: 'csv', properties: {} } }), 201)));
    const upload = expectStatus(await api(`/v2/cards/${made.hashId}/uploads?filename=a.csv`, { method: 'POST', key: made.hashId, body: 'id\n1\n' }), 201);
    const location = (upload.body as { data: { location: string } }).data.location;
    const mark = await lastId();
    expectStatus(await api(`/v2/sources/${String(source.id)}`), 200);
    expectStatus(await api('/v2/flows'), 200);
    expectStatus(await api('/v2/audit'), 200);
    expectStatus(await api(`/v2/cards/${made.hashId}/verify`, { method: 'POST', key: made.hashId, body: { properties: { location } } }), 200);
    expect(await entriesAfter(mark)).toEqual([]);
  });
});

describe('what is not recorded', () => {
  it('an operation refused (403), malformed (400) or naming nothing (404) leaves no entry', async () => {
    const source = await createSampleSource(api);
    const mark = await lastId();
    const missing = (operation: Operation) => `/v2${operation.path.replace(/\{(\w+)\}/g, (_, name: string) => (name === 'name' ? 'nothing' : '999999'))}`;
    // Every audited operation that names an object, naming one that does not exist.
    for (const operation of audited.filter((candidate) => candidate.path.includes('{'))) {
      const answer = await api(missing(operation), { method: operation.method.toUpperCase(), ...(operation.method === 'delete' ? {} : { body: {} }) });
      expect(answer.status, operation.name).toBeGreaterThanOrEqual(400);
    }
    expect((await api(`/v2/sources/${String(source.id)}`, { method: 'PATCH', key: service.roleKeys.viewer, body: { displayName: 'x' } })).status).toBe(403);
    expect((await api(`/v2/sources/${String(source.id)}`, { method: 'PATCH', body: { displayName: 42 } })).status).toBe(400);
    expect(
      (
        await api('/v2/sources', {
          method: 'POST',
          body: { sourceSpec: 'postgres', properties: { host: '169.254.169.254', database: 'a', user: 'b', password: 'c' } },
        })
      ).status,
    ).toBe(400);
    // A key's first use from an address is an event of its own (keyUsedFromNewAddress), not an operation's entry.
    const recorded = (await entriesAfter(mark)).filter((entry) => OPERATIONS.some((operation) => operation.name === entry.action));
    expect(recorded, JSON.stringify(recorded)).toEqual([]);
  }, 60_000);

  it('no entry holds a secret: a changed password reads "changed", an unchanged one is left out', async () => {
    const id = await postgresSource('first-secret-value-8731');
    expectStatus(await api(`/v2/sources/${String(id)}`, { method: 'PATCH', body: { properties: { password: 'second-secret-value-5519' } } }), 200);
    const mark = await lastId();
    expectStatus(await api(`/v2/sources/${String(id)}`, { method: 'PATCH', body: { properties: { schema: 'analytics', password: '********' } } }), 200);
    const [unchanged] = await entriesAfter(mark);
    expect(unchanged?.changes).toEqual({ 'properties.schema': { before: null, after: 'analytics' } });
    const secrets = [
      'first-secret-value-8731',
      'second-secret-value-5519',
      'card-secret-2',
      'old-password-1',
      'trigger-signing-secret',
      'channel-signing-secret',
      'delivery-secret',
      'create-token',
      'rotated-token',
      'channel-token',
      'first-signing-secret',
      'second-signing-secret',
    ];
    const everything = JSON.stringify(await service.sql('SELECT * FROM audit_log'));
    for (const secret of secrets) expect(everything).not.toContain(secret);
    const hashes = await service.sql<{ hash_id: string }>('SELECT hash_id FROM configuration_cards');
    const webhookIds = await service.sql<{ webhook_id: string }>('SELECT webhook_id FROM webhook_triggers');
    for (const credential of [...hashes.map((row) => row.hash_id), ...webhookIds.map((row) => row.webhook_id)]) expect(everything).not.toContain(credential);
  });
});

describe('one transaction', () => {
  it('a change whose entry cannot be written is not made: its rows, its jobs, its nested transactions', async () => {
    await service.sql(`CREATE FUNCTION refuse_audit() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF NEW.resource_name = 'Doomed' OR NEW.action = 'runFlow' THEN RAISE EXCEPTION 'audit refused'; END IF; RETURN NEW; END $$`);
    await service.sql('CREATE TRIGGER refuse_audit BEFORE INSERT ON audit_log FOR EACH ROW EXECUTE FUNCTION refuse_audit()');
    try {
      const created = await api('/v2/sources', { method: 'POST', body: { sourceSpec: 'sample', displayName: 'Doomed', properties: { row_count: 5 } } });
      expect(created.status).toBe(500);
      expect(await service.sql("SELECT id FROM sources WHERE display_name = 'Doomed'")).toEqual([]);

      const { flow } = await createSampleFlow(api);
      const jobsBefore = await service.sql('SELECT id FROM pgboss.job');
      expect((await api(`/v2/flows/${String(flow.id)}/run`, { method: 'POST' })).status).toBe(500);
      expect(await service.sql('SELECT id FROM run_attempts WHERE flow_id = $1', [flow.id])).toEqual([]);
      expect((await service.sql('SELECT id FROM pgboss.job')).length).toBe(jobsBefore.length);

      // A store's own transaction inside the change (a card submission's) is undone with it.
      const sourceId = await postgresSource('kept-secret');
      await service.sql("UPDATE sources SET display_name = 'Doomed' WHERE id = $1", [sourceId]);
      const made = await card(sourceId);
      const submitted = await api(`/v2/cards/${made.hashId}`, {
        method: 'PATCH',
        key: made.hashId,
        body: { properties: { host: 'elsewhere.internal', password: 'another-one' } },
      });
      expect(submitted.status).toBe(500);
      const [row] = await service.sql<{ submitted_at: Date | null }>('SELECT submitted_at FROM configuration_cards WHERE id = $1', [made.id]);
      expect(row?.submitted_at).toBeNull();
      const [source] = await service.sql<{ properties: { host: string } }>('SELECT properties FROM sources WHERE id = $1', [sourceId]);
      expect(source?.properties.host).toBe('db.internal');
    } finally {
      await service.sql('DROP TRIGGER refuse_audit ON audit_log');
      await service.sql('DROP FUNCTION refuse_audit()');
    }
    // The service goes on: the pool's connections came back.
    expectStatus(await api('/v2/sources', { method: 'POST', body: { sourceSpec: 'sample', displayName: 'Fine', properties: { row_count: 5 } } }), 201);
  }, 60_000);

  it('twenty-five changes at once hold no more connections than the pool has', async () => {
    const answers = await Promise.all(Array.from({ length: 25 }, (_, index) => createSampleSource(api, { row_count: 5 }, `Burst ${String(index)}`)));
    expect(answers).toHaveLength(25);
  }, 60_000);
});

describe('GET /v2/audit', () => {
  it('filters by actor, action, object and time, newest first, a page at a time', async () => {
    const start = new Date(Date.now() - 1_000).toISOString();
    const source = await createSampleSource(api, { row_count: 5 }, 'Paged');
    for (const name of ['One', 'Two', 'Three'])
      expectStatus(await api(`/v2/sources/${String(source.id)}`, { method: 'PATCH', body: { displayName: name } }), 200);
    const [operator] = await service.sql<{ id: number }>("SELECT id FROM api_keys WHERE label = 'test operator'");
    expectStatus(await api(`/v2/flows/${String((await createSampleFlow(api)).flow.id)}/state`, { method: 'DELETE', key: service.roleKeys.operator }), 200);

    const read = async (query: string) => auditPageSchema.parse(expectStatus(await api(`/v2/audit?${query}`), 200).body);
    const first = await read(`resourceType=source&resourceId=${String(source.id)}&limit=2`);
    expect(first.data.map((entry) => entry.resource?.name)).toEqual(['Three', 'Two']);
    expect(first.next).not.toBeNull();
    const second = await read(`resourceType=source&resourceId=${String(source.id)}&limit=2&cursor=${String(first.next)}`);
    expect(second.data.map((entry) => entry.action)).toEqual(['updateSource', 'createSource']);
    expect(second.next).toBeNull();

    const byOperator = await read(`actor=key:${String(operator?.id)}&resourceType=flow`);
    expect(byOperator.data.map((entry) => [entry.action, entry.actor.name])).toEqual([['resetFlowState', 'test operator']]);
    expect((await read(`action=updateSource&resourceId=${String(source.id)}&from=${encodeURIComponent(start)}`)).data).toHaveLength(3);
    const hoursAgo = (hours: number) => encodeURIComponent(new Date(Date.now() - hours * 3_600_000).toISOString());
    expect((await read(`from=${hoursAgo(2)}&to=${hoursAgo(1)}`)).data).toEqual([]);
    expect((await api('/v2/audit?cursor=nope')).status).toBe(400);
    expect((await api('/v2/audit?actor=someone')).status).toBe(400);
  });

  it('reads newest first by time as well as by id: an entry is stamped when it is written', async () => {
    // A change whose transaction began before another change's entry is written after it, and says so.
    const pool = service.service.pool;
    if (!pool) throw new Error('The test service has no database.');
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      await client.query('SELECT now()');
      await new Promise((resolve) => setTimeout(resolve, 300));
      expectStatus(await api('/v2/settings', { method: 'PATCH', body: { organizationName: 'Ordered' } }), 200);
      await insertAuditEntry(client, { actor: { type: 'system', id: null, name: 'test' }, address: null, action: 'late', resource: null, changes: null });
      await client.query('COMMIT');
    } finally {
      client.release();
    }
    const [late, settings] = auditPageSchema.parse(expectStatus(await api('/v2/audit?limit=2'), 200).body).data;
    expect([late?.action, settings?.action]).toEqual(['late', 'updateSettings']);
    expect(Date.parse(late?.at ?? '')).toBeGreaterThanOrEqual(Date.parse(settings?.at ?? ''));
  });
});

describe('retention', () => {
  it('FLOWDECK_AUDIT_RETENTION_DAYS is 365 days unless set; a pass deletes older entries and keeps the rest', async () => {
    expect(readAuditRetentionDays(undefined)).toBe(365);
    expect(readAuditRetentionDays('30')).toBe(30);
    expect(() => readAuditRetentionDays('forever')).toThrow(/FLOWDECK_AUDIT_RETENTION_DAYS/);
    await service.sql(
      `INSERT INTO audit_log (at, actor_type, actor_name, action) SELECT now() - interval '400 days', 'system', 'old', 'ancient' FROM generate_series(1, 12000)`,
    );
    await service.sql(`INSERT INTO audit_log (at, actor_type, actor_name, action) VALUES (now() - interval '300 days', 'system', 'old', 'recent')`);
    const runs = service.service.runs;
    if (!runs) throw new Error('The test service has no run service.');
    expect(await runs.pruneAudit()).toBe(12_000);
    expect(await service.sql("SELECT action FROM audit_log WHERE action IN ('ancient', 'recent')")).toEqual([{ action: 'recent' }]);
  });
});
