import { afterAll, describe, expect, it } from 'vitest';
import { dataOf } from '@/api/common';
import { sourceSchema } from '@/api/sources';
import { createWebhook, createWorkflow, createSampleFlow, expectStatus, expectWrapped } from './fixtures';
import { startHarness } from './harness';

// PASSWORD values are encrypted at rest (nothing of the plain value in the row), masked on output,
// kept when the mask is sent back, replaced by a new value and cleared by null.

const service = await startHarness();
afterAll(() => service.stop());
const { api, sql } = service;

const PASSWORD = 'correct-horse-battery-staple';
const properties = { host: 'db.internal', port: 5432, database: 'shop', user: 'reader', password: PASSWORD };

async function storedRow(table: 'sources' | 'destinations', id: number): Promise<string> {
  const [row] = await sql<{ row: string }>(`SELECT row_to_json(t)::text AS row FROM ${table} t WHERE id = $1`, [id]);
  return row?.row ?? '';
}

async function storedSecret(table: 'sources' | 'destinations', id: number): Promise<unknown> {
  const [row] = await sql<{ secret: unknown }>(`SELECT properties->'password' AS secret FROM ${table} WHERE id = $1`, [id]);
  return row?.secret;
}

describe('a source password', () => {
  it('is stored encrypted: the raw row holds no trace of it', async () => {
    const answer = await api('/v2/sources', { method: 'POST', body: { sourceSpec: 'postgres', properties } });
    const { id } = dataOf(sourceSchema).parse(answer.body);
    const row = await storedRow('sources', id);
    expect(row).not.toContain(PASSWORD);
    expect(row).not.toContain(Buffer.from(PASSWORD).toString('base64'));
    expect(row).not.toContain(Buffer.from(PASSWORD).toString('hex'));
    expect(await storedSecret('sources', id)).toEqual({ $secret: expect.stringMatching(/^v1:/) as unknown });
    // The same value sealed twice differs (a fresh IV each time).
    const again = dataOf(sourceSchema).parse((await api('/v2/sources', { method: 'POST', body: { sourceSpec: 'postgres', properties } })).body);
    expect(await storedSecret('sources', again.id)).not.toEqual(await storedSecret('sources', id));
  });

  it('is answered masked with asterisks by create, get, list and update', async () => {
    const created = expectWrapped(await api('/v2/sources', { method: 'POST', body: { sourceSpec: 'postgres', properties } }), 201) as {
      id: number;
      properties: Record<string, unknown>;
    };
    expect(created.properties.password).toBe('********');
    const got = expectWrapped(await api(`/v2/sources/${String(created.id)}`)) as { properties: Record<string, unknown> };
    expect(got.properties.password).toBe('********');
    const listed = await api('/v2/sources?limit=1000');
    expect(JSON.stringify(listed.body)).not.toContain(PASSWORD);
    const patched = await api(`/v2/sources/${String(created.id)}`, { method: 'PATCH', body: { displayName: 'x' } });
    expect(JSON.stringify(patched.body)).not.toContain(PASSWORD);
  });

  it('is kept when a PATCH sends the mask back, replaced by a new value and cleared by null', async () => {
    const { id } = dataOf(sourceSchema).parse((await api('/v2/sources', { method: 'POST', body: { sourceSpec: 'postgres', properties } })).body);
    const sealed = await storedSecret('sources', id);

    const masked = await api(`/v2/sources/${String(id)}`, { method: 'PATCH', body: { properties: { ...properties, password: '********', schema: 'other' } } });
    expect((expectWrapped(masked) as { properties: Record<string, unknown> }).properties).toMatchObject({ password: '********', schema: 'other' });
    expect(await storedSecret('sources', id)).toEqual(sealed);

    await api(`/v2/sources/${String(id)}`, { method: 'PATCH', body: { properties: { password: 'a-new-one' } } });
    const replaced = await storedSecret('sources', id);
    expect(replaced).not.toEqual(sealed);
    expect(await storedRow('sources', id)).not.toContain('a-new-one');

    const cleared = expectWrapped(await api(`/v2/sources/${String(id)}`, { method: 'PATCH', body: { properties: { password: null } } })) as {
      properties: Record<string, unknown>;
    };
    expect(cleared.properties).not.toHaveProperty('password');
    expect(await storedSecret('sources', id)).toBeNull();
  });
});

describe('a destination password', () => {
  it('is encrypted at rest, masked on output and kept when the mask comes back', async () => {
    const created = expectWrapped(await api('/v2/destinations', { method: 'POST', body: { destinationSpec: 'postgres', properties } }), 201) as {
      id: number;
      properties: Record<string, unknown>;
    };
    expect(created.properties.password).toBe('********');
    expect(await storedRow('destinations', created.id)).not.toContain(PASSWORD);
    const sealed = await storedSecret('destinations', created.id);
    expectStatus(await api(`/v2/destinations/${String(created.id)}`, { method: 'PATCH', body: { properties: { password: '********' } } }), 200);
    expect(await storedSecret('destinations', created.id)).toEqual(sealed);
  });
});

describe('a webhook signing secret', () => {
  it('is encrypted at rest and never answered', async () => {
    const { flow } = await createSampleFlow(api);
    const workflow = await createWorkflow(api, { flows: [flow.id] });
    const trigger = await createWebhook(api, workflow.id, { provider: 'slack', event_type: 'message', signing_secret: 'slack-signing-secret-123' });
    const [row] = await sql<{ row: string }>('SELECT row_to_json(w)::text AS row FROM webhook_triggers w WHERE id = $1', [trigger.id]);
    expect(row?.row).not.toContain('slack-signing-secret-123');
    const answer = await api(`/v2/workflows/${String(workflow.id)}/webhooks/${String(trigger.id)}`);
    expect(JSON.stringify(answer.body)).not.toContain('slack-signing-secret-123');
  });
});
