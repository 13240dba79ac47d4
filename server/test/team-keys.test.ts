import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEAM_MESSAGES } from '@/api/messages';
import { findOrCreateSsoUser } from '../auth/sso-users';
import { expectError, expectStatus } from './fixtures';
import { apiClient, type Harness, sessionClient, sessionCookieOf, signInPerson, startHarness } from './harness';

// Keys made, listed and revoked through the interface, and people managed by an admin, against the real
// service (public origin http: the session cookie is not Secure).

let harness: Harness;
beforeAll(async () => {
  harness = await startHarness();
}, 120_000);
afterAll(async () => {
  await harness.stop();
});

interface Made {
  id: number;
  key: string;
  role: string;
  expiresAt: string | null;
}
const makeKey = async (api: Harness['api'], body: Record<string, unknown>) =>
  (expectStatus(await api('/v2/keys', { method: 'POST', body }), 201).body as { data: Made }).data;
const listed = async () => (expectStatus(await harness.api('/v2/keys?limit=500'), 200).body as { data: { id: number; owner: unknown }[] }).data;

describe('keys', () => {
  it('made by a person belongs to them, shown once, stored and listed only as a hash', async () => {
    const admin = await signInPerson(harness, 'admin');
    const made = await makeKey(admin.api, { name: 'ci', role: 'operator' });
    expect(made).toMatchObject({ role: 'operator', expiresAt: null });
    expect(made.key).toMatch(/^fd_/);
    expect((await apiClient(harness.url, made.key)('/v2/me')).body).toEqual({ data: { type: 'key', id: made.id, name: 'ci', role: 'operator' } });

    const list = await harness.api('/v2/keys?limit=500');
    expect(JSON.stringify(list.body)).not.toContain(made.key);
    expect((await listed()).find((key) => key.id === made.id)?.owner).toEqual({ id: admin.userId, name: `Person ${admin.email}` });
    const rows = await harness.sql<{ row: string }>('SELECT row_to_json(k)::text AS row FROM api_keys k WHERE id = $1', [made.id]);
    expect(rows[0]?.row).not.toContain(made.key);
  });

  it('made with a key, or asked for as one, is a service key', async () => {
    const byKey = await makeKey(harness.api, { name: 'by a key', role: 'viewer' });
    const admin = await signInPerson(harness, 'admin');
    const asked = await makeKey(admin.api, { name: 'a service', role: 'editor', service: true });
    const keys = await listed();
    expect(keys.find((key) => key.id === byKey.id)?.owner).toBeNull();
    expect(keys.find((key) => key.id === asked.id)?.owner).toBeNull();
  });

  it('stops working at its expiry, which must be ahead', async () => {
    expectError(
      await harness.api('/v2/keys', { method: 'POST', body: { name: 'late', role: 'viewer', expiresAt: '2000-01-01T00:00:00Z' } }),
      400,
      `Bad Request: ${TEAM_MESSAGES.expiryInThePast}`,
    );
    const expiresAt = new Date(Date.now() + 3_600_000).toISOString();
    const made = await makeKey(harness.api, { name: 'for an hour', role: 'viewer', expiresAt });
    expect(made.expiresAt).toBe(expiresAt);
    expectStatus(await apiClient(harness.url, made.key)('/v2/flows'), 200);
    // Its expiry passes (set in the database rather than waited for); it was not used since, so nothing remembers it.
    const unused = await makeKey(harness.api, { name: 'expires unused', role: 'viewer', expiresAt });
    await harness.sql("UPDATE api_keys SET expires_at = now() - interval '1 second' WHERE id = $1", [unused.id]);
    expectStatus(await apiClient(harness.url, unused.key)('/v2/flows'), 401);
    expectError(await harness.api('/v2/session', { method: 'POST', key: null, body: { key: unused.key } }), 401, TEAM_MESSAGES.wrongKey);
  });

  it('stops working once revoked, and sessions signed in with it end', async () => {
    const made = await makeKey(harness.api, { name: 'to revoke', role: 'editor' });
    const api = apiClient(harness.url, made.key);
    expectStatus(await api('/v2/flows'), 200);
    const signedIn = await harness.api('/v2/session', { method: 'POST', key: null, body: { key: made.key } });
    expect(expectStatus(signedIn, 200).body).toEqual({ data: { type: 'key', id: made.id, name: 'to revoke', role: 'editor' } });
    // The public origin is http here: the cookie cannot be Secure, or the browser would never send it back.
    expect(signedIn.headers.getSetCookie().join()).toMatch(/HttpOnly; SameSite=Lax$/);
    const browser = sessionClient(harness.url, sessionCookieOf(signedIn) ?? '');
    expectStatus(await browser('/v2/flows'), 200);

    expectStatus(await harness.api(`/v2/keys/${String(made.id)}`, { method: 'DELETE' }), 200);
    expectStatus(await api('/v2/flows'), 401);
    expectStatus(await browser('/v2/flows'), 401);
    expectError(await harness.api(`/v2/keys/${String(made.id)}`, { method: 'DELETE' }), 404, 'Not Found');
  });

  it('notes its last use and records the first use from an address in the audit log', async () => {
    const made = await makeKey(harness.api, { name: 'watched', role: 'viewer' });
    expectStatus(await apiClient(harness.url, made.key)('/v2/flows'), 200);
    expectStatus(await apiClient(harness.url, made.key)('/v2/flows'), 200);
    const [row] = await harness.sql<{ last_used_at: Date | null }>('SELECT last_used_at FROM api_keys WHERE id = $1', [made.id]);
    expect(row?.last_used_at).not.toBeNull();
    expect(await harness.sql('SELECT address FROM key_addresses WHERE key_id = $1', [made.id])).toEqual([{ address: '127.0.0.1' }]);
    const entries = await harness.sql("SELECT actor_type, actor_name, address FROM audit_log WHERE action = 'keyUsedFromNewAddress' AND actor_id = $1", [
      String(made.id),
    ]);
    expect(entries).toEqual([{ actor_type: 'key', actor_name: 'watched', address: '127.0.0.1' }]);
  });

  it("acts with no more than its owner's role once the owner is demoted", async () => {
    const admin = await signInPerson(harness, 'admin');
    const made = await makeKey(admin.api, { name: 'mine', role: 'admin' });
    expectStatus(await harness.api(`/v2/users/${String(admin.userId)}`, { method: 'PATCH', body: { role: 'viewer' } }), 200);
    expect((await apiClient(harness.url, made.key)('/v2/me')).body).toMatchObject({ data: { role: 'viewer' } });
    expect((await admin.api('/v2/me')).body).toMatchObject({ data: { role: 'viewer' } });
  });

  it('the sign-in page is offered passwords, and SSO only when it is set up', async () => {
    expect((await harness.api('/v2/auth/methods', { key: null })).body).toEqual({ data: { password: true, sso: false } });
  });

  it('a wrong key does not sign in', async () => {
    expectError(await harness.api('/v2/session', { method: 'POST', key: null, body: { key: 'fd_not-a-key' } }), 401, TEAM_MESSAGES.wrongKey);
  });
});

describe('people', () => {
  it('are listed with their state and ways in; an email is taken once', async () => {
    const active = await signInPerson(harness, 'viewer');
    const invited = expectStatus(
      await harness.api('/v2/users', { method: 'POST', body: { email: 'New.Person@Example.com', name: 'New', role: 'viewer' } }),
      201,
    );
    expect(invited.body).toMatchObject({ data: { email: 'new.person@example.com', state: 'invited', signIn: [] } });
    expectError(
      await harness.api('/v2/users', { method: 'POST', body: { email: 'new.person@example.com', name: 'Again', role: 'viewer' } }),
      400,
      TEAM_MESSAGES.emailTaken,
    );
    const users = (expectStatus(await harness.api('/v2/users?limit=500'), 200).body as { data: { id: number; state: string; signIn: string[] }[] }).data;
    expect(users.find((user) => user.id === active.userId)).toMatchObject({ state: 'active', signIn: ['password'] });
  });

  it('removing a person ends their sessions and revokes their keys', async () => {
    const person = await signInPerson(harness, 'admin');
    const made = await makeKey(person.api, { name: 'theirs', role: 'viewer' });
    expectStatus(await person.api('/v2/me'), 200);
    expectStatus(await harness.api(`/v2/users/${String(person.userId)}`, { method: 'DELETE' }), 200);
    expectStatus(await person.api('/v2/me'), 401);
    expectStatus(await apiClient(harness.url, made.key)('/v2/me'), 401);
    expect(await harness.sql('SELECT id FROM api_keys WHERE id = $1', [made.id])).toEqual([]);
    expectError(await harness.api(`/v2/users/${String(person.userId)}`, { method: 'DELETE' }), 404, 'Not Found');
  });

  it('the last admin can be neither demoted nor removed', async () => {
    const last = await signInPerson(harness, 'admin');
    await harness.sql("UPDATE users SET role = 'editor' WHERE role = 'admin' AND id <> $1", [last.userId]);
    const path = `/v2/users/${String(last.userId)}`;
    expectError(await harness.api(path, { method: 'PATCH', body: { role: 'editor' } }), 400, TEAM_MESSAGES.lastAdmin);
    expectError(await harness.api(path, { method: 'DELETE' }), 400, TEAM_MESSAGES.lastAdmin);
    expectStatus(await harness.api(path, { method: 'PATCH', body: { name: 'Still admin' } }), 200);
    const other = await signInPerson(harness, 'admin');
    expectStatus(await harness.api(path, { method: 'PATCH', body: { role: 'editor' } }), 200);
    expectError(await harness.api(`/v2/users/${String(other.userId)}`, { method: 'DELETE' }), 400, TEAM_MESSAGES.lastAdmin);
  });
});

describe('people from SSO', () => {
  const pool = () => {
    if (!harness.service.pool) throw new Error('The test service has no database.');
    return harness.service.pool;
  };

  it('are found by issuer and subject, else by email, else made with the given role; SSO never lowers a role', async () => {
    const identity = { issuer: 'https://idp.example', subject: 'sub-1', email: 'sso@example.com', name: 'Sso', role: 'operator' as const };
    const made = await findOrCreateSsoUser(pool(), identity);
    expect(made).toMatchObject({ email: 'sso@example.com', role: 'operator', oidc_subject: 'sub-1' });
    const again = await findOrCreateSsoUser(pool(), { ...identity, email: 'renamed@example.com', role: 'viewer' });
    expect(again).toMatchObject({ id: made.id, role: 'operator' });
    const raised = await findOrCreateSsoUser(pool(), { ...identity, role: 'editor' });
    expect(raised).toMatchObject({ id: made.id, role: 'editor' });

    const local = await signInPerson(harness, 'viewer');
    const linked = await findOrCreateSsoUser(pool(), { ...identity, subject: 'sub-2', email: local.email.toUpperCase() });
    expect(linked).toMatchObject({ id: local.userId, oidc_subject: 'sub-2', role: 'operator' });
  });
});
