import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEAM_MESSAGES } from '@/api/messages';
import { createSampleFlow, expectError, expectStatus } from './fixtures';
import { type Harness, sessionClient, sessionCookieOf, signInPerson, startHarness } from './harness';

// People in a browser: single-use links (invitation, reset, the first start's sign-in), sessions and
// their bounds, signing out, the cookie's flags and the cross-site rule, against the real service. The
// public origin is https here, so the cookie must be Secure.

const PUBLIC_URL = 'https://flowdeck.example';
let harness: Harness;
beforeAll(async () => {
  harness = await startHarness({ publicUrl: PUBLIC_URL });
}, 120_000);
afterAll(async () => {
  await harness.stop();
});

const tokenOf = (url: string) => new URL(url).hash.replace(/^#token=/, '');
const anonymous = (path: string, body: unknown, headers: Record<string, string> = {}) => harness.api(path, { method: 'POST', key: null, body, headers });
const invite = async (role = 'editor') => {
  const email = `${Math.random().toString(36).slice(2)}@example.com`;
  const answer = expectStatus(await harness.api('/v2/users', { method: 'POST', body: { email, name: 'Invited', role } }), 201);
  const user = (answer.body as { data: { id: number; invitation: { url: string; expiresAt: string } } }).data;
  return { email, id: user.id, url: user.invitation.url, token: tokenOf(user.invitation.url) };
};
const NEW_PASSWORD = 'a long new password';

describe('single-use links', () => {
  it('an invitation sets a password once, signs in, and is refused when used again', async () => {
    const { email, url, token } = await invite();
    expect(url.startsWith(`${PUBLIC_URL}/welcome#token=`)).toBe(true);
    const inspected = expectStatus(await anonymous('/v2/links/inspect', { token }), 200);
    expect(inspected.body).toMatchObject({ data: { purpose: 'invitation', email, name: 'Invited' } });
    expectError(await anonymous('/v2/links/use', { token }), 400, `Bad Request: ${TEAM_MESSAGES.passwordNeeded}`);

    const used = expectStatus(await anonymous('/v2/links/use', { token, password: NEW_PASSWORD }), 200);
    expect(used.body).toMatchObject({ data: { type: 'user', name: 'Invited', role: 'editor' } });
    const session = sessionClient(harness.url, sessionCookieOf(used) ?? '');
    expect((await session('/v2/me')).body).toMatchObject({ data: { type: 'user', role: 'editor' } });

    expectError(await anonymous('/v2/links/use', { token, password: NEW_PASSWORD }), 410, TEAM_MESSAGES.linkUsed);
    expectError(await anonymous('/v2/links/inspect', { token }), 410, TEAM_MESSAGES.linkUsed);
    expectStatus(await anonymous('/v2/session', { email, password: NEW_PASSWORD }), 200);
  });

  it('an expired invitation is refused with 410, an unknown token with 404', async () => {
    const { token, id } = await invite();
    await harness.sql("UPDATE user_links SET expires_at = now() - interval '1 second' WHERE user_id = $1", [id]);
    expectError(await anonymous('/v2/links/use', { token, password: NEW_PASSWORD }), 410, TEAM_MESSAGES.linkExpired);
    expectError(await anonymous('/v2/links/inspect', { token: 'no-such-token' }), 404, 'Not Found');
  });

  it('stores only the hash of a link', async () => {
    const { token, id } = await invite();
    const rows = await harness.sql<{ row: string }>('SELECT row_to_json(l)::text AS row FROM user_links l WHERE user_id = $1', [id]);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.row).not.toContain(token);
  });

  it('a password reset refuses the old password and ends the other sessions', async () => {
    const person = await signInPerson(harness, 'editor');
    const elsewhere = await signInPerson(harness, 'viewer');
    const reset = expectStatus(await harness.api(`/v2/users/${String(person.userId)}/password-reset`, { method: 'POST' }), 201);
    const { url } = (reset.body as { data: { url: string } }).data;
    // Made, not yet used: nothing changes.
    expectStatus(await person.api('/v2/me'), 200);

    const used = expectStatus(await anonymous('/v2/links/use', { token: tokenOf(url), password: NEW_PASSWORD }), 200);
    expectStatus(await person.api('/v2/me'), 401);
    expectStatus(await sessionClient(harness.url, sessionCookieOf(used) ?? '')('/v2/me'), 200);
    expectError(await anonymous('/v2/session', { email: person.email, password: person.password }), 401, TEAM_MESSAGES.wrongPassword);
    expectStatus(await anonymous('/v2/session', { email: person.email, password: NEW_PASSWORD }), 200);
    // Someone else's session is not theirs to lose.
    expectStatus(await elsewhere.api('/v2/me'), 200);
  });

  it('the first start made an admin with a single-use sign-in link that needs no password', async () => {
    const link = harness.service.firstSignInLink ?? '';
    expect(link.startsWith(`${PUBLIC_URL}/welcome#token=`)).toBe(true);
    const inspected = expectStatus(await anonymous('/v2/links/inspect', { token: tokenOf(link) }), 200);
    expect(inspected.body).toMatchObject({ data: { purpose: 'sign-in', email: 'admin@localhost', name: 'Admin' } });
    const used = expectStatus(await anonymous('/v2/links/use', { token: tokenOf(link) }), 200);
    expect(used.body).toMatchObject({ data: { type: 'user', name: 'Admin', role: 'admin' } });
    expectStatus(await anonymous('/v2/links/use', { token: tokenOf(link) }), 410);
    const users = (await harness.api('/v2/users?limit=500')).body as { data: { email: string; state: string; signIn: string[] }[] };
    expect(users.data.find((user) => user.email === 'admin@localhost')).toMatchObject({ state: 'active', signIn: [] });
  });
});

describe('sessions', () => {
  it('signing in again in the same browser ends the session it had', async () => {
    const person = await signInPerson(harness, 'viewer');
    const again = await harness.api('/v2/session', {
      method: 'POST',
      key: null,
      body: { email: person.email, password: person.password },
      headers: { cookie: person.cookie },
    });
    expectStatus(again, 200);
    expectStatus(await person.api('/v2/me'), 401);
    expectStatus(await sessionClient(harness.url, sessionCookieOf(again) ?? '')('/v2/me'), 200);
  });

  it('signing in sets an HttpOnly, SameSite=Lax, Secure cookie (https public origin) and never shows the password', async () => {
    const person = await signInPerson(harness, 'viewer');
    const answer = await anonymous('/v2/session', { email: person.email, password: person.password });
    const header = answer.headers.getSetCookie().find((cookie) => cookie.startsWith('flowdeck_session=')) ?? '';
    expect(header).toMatch(/; HttpOnly/);
    expect(header).toMatch(/; SameSite=Lax/);
    expect(header).toMatch(/; Secure/);
    expect(header).toMatch(/; Path=\//);
    const stored = await harness.sql<{ row: string }>('SELECT row_to_json(u)::text AS row FROM users u WHERE id = $1', [person.userId]);
    expect(stored[0]?.row).not.toContain(person.password);
    const sessions = await harness.sql<{ row: string }>('SELECT row_to_json(s)::text AS row FROM sessions s WHERE user_id = $1', [person.userId]);
    const value = (sessionCookieOf(answer) ?? '').split('=')[1] ?? '';
    expect(sessions.map((session) => session.row).join()).not.toContain(value);
  });

  it('/me answers the person of a session and the key of a key', async () => {
    const person = await signInPerson(harness, 'operator');
    expect((await person.api('/v2/me')).body).toEqual({ data: { type: 'user', id: person.userId, name: `Person ${person.email}`, role: 'operator' } });
    expect((await harness.api('/v2/me', { key: harness.roleKeys.viewer })).body).toMatchObject({ data: { type: 'key', name: 'test viewer', role: 'viewer' } });
  });

  it('a viewer person may read flows but is refused a run', async () => {
    const { flow } = await createSampleFlow(harness.api);
    const viewer = await signInPerson(harness, 'viewer');
    expectStatus(await viewer.api('/v2/flows'), 200);
    expectError(await viewer.api(`/v2/flows/${String(flow.id)}/run`, { method: 'POST' }), 403, 'Forbidden: viewer may not run flow');
    const operator = await signInPerson(harness, 'operator');
    expectStatus(await operator.api(`/v2/flows/${String(flow.id)}/run`, { method: 'POST' }), 201);
  });

  it('sign out ends this session; sign out everywhere ends every session of the person', async () => {
    const first = await signInPerson(harness, 'viewer');
    const again = sessionCookieOf(await anonymous('/v2/session', { email: first.email, password: first.password })) ?? '';
    const third = sessionCookieOf(await anonymous('/v2/session', { email: first.email, password: first.password })) ?? '';
    const signOut = expectStatus(await sessionClient(harness.url, third)('/v2/session', { method: 'DELETE' }), 200);
    expect(signOut.headers.getSetCookie().join()).toMatch(/flowdeck_session=;/);
    expectStatus(await sessionClient(harness.url, third)('/v2/me'), 401);
    expectStatus(await first.api('/v2/me'), 200);

    expectStatus(await first.api('/v2/sessions', { method: 'DELETE' }), 200);
    expectStatus(await first.api('/v2/me'), 401);
    expectStatus(await sessionClient(harness.url, again)('/v2/me'), 401);
    const [entry] = await harness.sql<{ actor_name: string }>("SELECT actor_name FROM audit_log WHERE action = 'signOutEverywhere' AND actor_id = $1", [
      String(first.userId),
    ]);
    expect(entry?.actor_name).toBe(`Person ${first.email}`);
  });

  it('sign out everywhere is refused to a service key', async () => {
    expectError(await harness.api('/v2/sessions', { method: 'DELETE' }), 400, TEAM_MESSAGES.serviceKeyHasNoSessions);
  });

  it('a session ends after the idle bound and after the absolute bound', async () => {
    const idle = await signInPerson(harness, 'viewer');
    await harness.sql("UPDATE sessions SET last_seen_at = now() - interval '12 hours 1 minute' WHERE user_id = $1", [idle.userId]);
    expectStatus(await idle.api('/v2/me'), 401);

    const old = await signInPerson(harness, 'viewer');
    await harness.sql("UPDATE sessions SET expires_at = now() - interval '1 second' WHERE user_id = $1", [old.userId]);
    expectStatus(await old.api('/v2/me'), 401);
  });

  it('records the last time a person was seen', async () => {
    const person = await signInPerson(harness, 'viewer');
    await harness.sql("UPDATE users SET last_seen_at = now() - interval '1 day' WHERE id = $1", [person.userId]);
    await harness.sql("UPDATE sessions SET last_seen_at = now() - interval '2 minutes' WHERE user_id = $1", [person.userId]);
    // Its first request: the session is looked up, not remembered.
    expectStatus(await person.api('/v2/me'), 200);
    const users = await harness.sql<{ id: number; lastSeenAt: string | null }>('SELECT id, last_seen_at AS "lastSeenAt" FROM users WHERE id = $1', [
      person.userId,
    ]);
    expect(Date.now() - new Date(users[0]?.lastSeenAt ?? 0).getTime()).toBeLessThan(60_000);
  });

  it('signing in, failing to and signing out everywhere are in the audit log, never with the password', async () => {
    const person = await signInPerson(harness, 'viewer');
    expectStatus(await anonymous('/v2/session', { email: person.email, password: 'not the password' }), 401);
    const entries = await harness.sql<{ action: string; actor_type: string; actor_name: string; row: string }>(
      `SELECT action, actor_type, actor_name, row_to_json(a)::text AS row FROM audit_log a
       WHERE actor_name IN ($1, $2) AND action IN ('signIn', 'signInFailed') ORDER BY id`,
      [person.email, `Person ${person.email}`],
    );
    expect(entries.map(({ action, actor_type, actor_name }) => ({ action, actor_type, actor_name }))).toEqual([
      { action: 'signIn', actor_type: 'user', actor_name: `Person ${person.email}` },
      { action: 'signInFailed', actor_type: 'anonymous', actor_name: person.email },
    ]);
    expect(entries.map((entry) => entry.row).join()).not.toMatch(/not the password|password-/);
  });
});

describe('the cross-site rule', () => {
  it('refuses a change made with the cookie from another site, or without the dashboard header; a key is not asked', async () => {
    const admin = await signInPerson(harness, 'admin');
    const body = { name: 'made in a browser', role: 'viewer' };
    const foreign = await admin.api('/v2/keys', { method: 'POST', body, headers: { origin: 'https://evil.example' } });
    expectError(foreign, 403, TEAM_MESSAGES.crossSite);
    expectError(await admin.api('/v2/keys', { method: 'POST', body, headers: { 'x-flowdeck-csrf': '' } }), 403, TEAM_MESSAGES.crossSite);
    // Its own origins: the one the request was made to, and the public one.
    expectStatus(await admin.api('/v2/keys', { method: 'POST', body, headers: { origin: harness.url } }), 201);
    expectStatus(await admin.api('/v2/keys', { method: 'POST', body, headers: { origin: PUBLIC_URL } }), 201);
    expectStatus(await admin.api('/v2/keys', { method: 'POST', body }), 201);
    // Reads are not changes.
    expectStatus(await admin.api('/v2/keys', { headers: { origin: 'https://evil.example', 'x-flowdeck-csrf': '' } }), 200);
    expectStatus(await harness.api('/v2/keys', { method: 'POST', body, headers: { origin: 'https://evil.example' } }), 201);
  });

  it('refuses signing in from another site', async () => {
    const person = await signInPerson(harness, 'viewer');
    const answer = await anonymous('/v2/session', { email: person.email, password: person.password }, { origin: 'https://evil.example' });
    expectError(answer, 403, TEAM_MESSAGES.crossSite);
    expect(sessionCookieOf(answer)).toBeUndefined();
    expectError(await anonymous('/v2/links/use', { token: 'x' }, { origin: 'null' }), 403, TEAM_MESSAGES.crossSite);
  });
});
