import { describe, expect, it } from 'vitest';
import { configureApi } from '@/api/api-session';
import { listAudit } from '@/api/audit';
import { cancelFlow, deleteFlow, listFlows, runFlow, updateFlow } from '@/api/flows';
import { createKey, createUser, getMe, inspectLink, listUsers, revokeKey, signIn as signInWith, signOut, useLink } from '@/api/team';
import { apiError, rawCall, signIn } from './api-test-helpers';
import { MOCK_PASSWORD, ROLE_API_KEYS } from './auth';

// The mock refuses what the operations table refuses a role, with the service's words, keeps one browser
// session, and writes its changes to the audit log.

describe('roles in the mock', () => {
  it('lets a viewer read and refuses it a run, with the service’s message', async () => {
    signIn(ROLE_API_KEYS.viewer);
    expect((await listFlows()).length).toBeGreaterThan(0);
    const refused = await apiError(runFlow(1));
    expect(refused.status).toBe(403);
    expect(refused.message).toBe('Forbidden: viewer may not run flow');
  });

  it('lets an operator run, cancel and pause, but not rename or delete', async () => {
    signIn(ROLE_API_KEYS.operator);
    await runFlow(1);
    await cancelFlow(1);
    expect((await updateFlow(1, { paused: true })).paused).toBe(true);
    expect((await apiError(updateFlow(1, { displayName: 'Renamed' }))).message).toBe('Forbidden: operator may not update flow');
    expect((await apiError(deleteFlow(1))).status).toBe(403);
  });

  it('keeps people and keys for admins', async () => {
    signIn(ROLE_API_KEYS.editor);
    expect((await apiError(listUsers())).message).toBe('Forbidden: editor may not list users');
    signIn(ROLE_API_KEYS.admin);
    expect((await listUsers()).map((user) => user.role)).toContain('viewer');
  });
});

describe('the audit log of the mock', () => {
  it('records who changed what, newest first, with the fields before and after', async () => {
    signIn(ROLE_API_KEYS.editor);
    await updateFlow(2, { displayName: 'Orders for reports' });
    const [newest] = (await listAudit({ resourceType: 'flow', resourceId: '2' })).data;
    expect(newest).toMatchObject({
      actor: { type: 'key', name: 'Ana’s laptop' },
      action: 'updateFlow',
      resource: { type: 'flow', id: '2', name: 'Orders for reports' },
      changes: { displayName: { before: 'Orders to reporting', after: 'Orders for reports' } },
    });
  });

  it('pages older entries by cursor', async () => {
    signIn();
    const first = await listAudit({ limit: 2 });
    expect(first.data).toHaveLength(2);
    expect(first.next).not.toBeNull();
    const second = await listAudit({ limit: 2, cursor: first.next ?? '' });
    expect(second.data[0]?.id).not.toBe(first.data[1]?.id);
    expect(Number(second.data[0]?.id)).toBeLessThan(Number(first.data[1]?.id));
  });
});

describe('browser sessions in the mock', () => {
  it('signs in with a password, then needs the CSRF header for a change', async () => {
    configureApi({ baseUrl: '', token: null });
    expect(await signInWith({ email: 'omar@example.com', password: MOCK_PASSWORD })).toMatchObject({ type: 'user', role: 'operator' });
    expect((await getMe()).name).toBe('Omar Haddad');
    await runFlow(3);
    const forged = await rawCall('POST', '/v2/flows/3/cancel', { token: null });
    expect(forged).toEqual({ status: 403, body: { message: 'Forbidden: cross-site request' } });
    await signOut();
    expect((await apiError(getMe())).status).toBe(401);
  });

  it('uses an invitation once: it sets the password and signs in', async () => {
    signIn();
    const invited = await createUser({ email: 'lee@example.com', name: 'Lee', role: 'operator' });
    const token = new URL(invited.invitation.url).hash.replace('#token=', '');
    configureApi({ baseUrl: '', token: null });
    expect(await inspectLink(token)).toMatchObject({ purpose: 'invitation', name: 'Lee' });
    expect(await useLink({ token, password: 'a long enough password' })).toMatchObject({ name: 'Lee', role: 'operator' });
    expect((await apiError(useLink({ token, password: 'a long enough password' }))).status).toBe(410);
  });

  it('makes a key no higher than its maker’s role, and revokes it', async () => {
    signIn();
    const made = await createKey({ name: 'ci', role: 'operator' });
    signIn(made.key);
    expect((await getMe()).role).toBe('operator');
    signIn();
    await revokeKey(made.id);
    signIn(made.key);
    expect((await apiError(getMe())).status).toBe(401);
  });
});
