import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roleForbids } from '@/api/messages';
import { type Operation, operationNamed, OPERATIONS } from '@/api/operations';
import { actionOf, roleAtLeast, USER_ROLES } from '@/api/roles';
import { type Harness, startHarness } from './harness';

// Every signed-in operation × every role, with a key of that role, against the real service: the
// table's least role decides, and the refusal names the role and the action. Ids name nothing, so an
// allowed call ends in 400 or 404 without changing anything: the role is judged before the request is
// read.

let service: Harness;
beforeAll(async () => {
  service = await startHarness();
}, 120_000);
afterAll(async () => {
  await service.stop();
});

const signedIn = (OPERATIONS as readonly Operation[]).filter((operation) => operation.access === 'key');

/** The path with every parameter naming nothing that exists. */
const pathOf = (operation: Operation) => `/v2${operation.path.replace(/\{(\w+)\}/g, (_, name: string) => (name === 'name' ? 'no-such-spec' : '999999'))}`;

const call = (operation: Operation, key: string, body?: unknown) =>
  service.api(pathOf(operation), {
    method: operation.method.toUpperCase(),
    key,
    ...(operation.method === 'get' || operation.method === 'delete' ? {} : { body: body ?? {} }),
  });

describe('roles', () => {
  it('every signed-in operation names its least role', () => {
    expect(signedIn.filter((operation) => !operation.role).map((operation) => operation.name)).toEqual([]);
  });

  for (const role of USER_ROLES) {
    it(`a ${role} key is allowed exactly what the table says`, async () => {
      const judged = await Promise.all(
        signedIn.map(async (operation) => {
          const answer = await call(operation, service.roleKeys[role]);
          const refused = answer.status === 403 && (answer.body as { message?: string }).message === roleForbids(role, actionOf(operation.name));
          return { name: operation.name, refused };
        }),
      );
      const expected = signedIn.map((operation) => ({
        name: operation.name,
        // An empty body pauses nothing: only the operation's own role counts here.
        refused: !roleAtLeast(role, operation.role ?? 'viewer'),
      }));
      expect(judged).toEqual(expected);
    });
  }

  it('an operator may pause and resume a flow but not change it otherwise', async () => {
    const updateFlow = operationNamed('updateFlow');
    const pause = await call(updateFlow, service.roleKeys.operator, { paused: true });
    expect(pause.status).toBe(404);
    const rename = await call(updateFlow, service.roleKeys.operator, { paused: true, displayName: 'Renamed' });
    expect(rename).toMatchObject({ status: 403, body: { message: 'Forbidden: operator may not update flow' } });
    const viewerPause = await call(updateFlow, service.roleKeys.viewer, { paused: true });
    expect(viewerPause).toMatchObject({ status: 403, body: { message: 'Forbidden: viewer may not update flow' } });
  });

  it('GET /v2/me tells a dashboard the same least roles as the table', async () => {
    const me = (await service.api('/v2/me', { key: service.roleKeys.viewer })).body as {
      data: { role: string; leastRoles: Record<string, { role: string; pauseRole?: string }> };
    };
    expect(me.data.role).toBe('viewer');
    expect(Object.keys(me.data.leastRoles)).toEqual(signedIn.map((operation) => operation.name));
    expect(me.data.leastRoles.runFlow).toEqual({ role: 'operator' });
    expect(me.data.leastRoles.updateFlow).toEqual({ role: 'editor', pauseRole: 'operator' });
  });

  it('the OpenAPI document shows the same least role as the table', async () => {
    const document = (await service.api('/v2/openapi.json')).body as { paths: Record<string, Record<string, { 'x-flowdeck-role'?: string }>> };
    const shown = signedIn.map((operation) => ({
      name: operation.name,
      role: document.paths[`/v2${operation.path}`]?.[operation.method]?.['x-flowdeck-role'],
    }));
    expect(shown).toEqual(signedIn.map((operation) => ({ name: operation.name, role: operation.role })));
  });
});
