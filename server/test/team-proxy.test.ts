import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startService } from '../start';
import { createSampleFlow, listAttempts, SLOW_SAMPLE } from './fixtures';
import { apiClient, type ApiAnswer, startHarness, testConfig, testLogger } from './harness';

// A team's proxy: people sign in to this Flowdeck with its own keys and sessions, roles are judged here,
// and the interface's operations go to the upstream with the upstream's key (FLOWDECK_UPSTREAM_KEY),
// which no answer ever shows. Without that key, proxy mode stays a plain pass-through with no people.

const upstream = await startHarness();
const proxy = await startHarness({ env: { FLOWDECK_UPSTREAM_URL: upstream.url, FLOWDECK_UPSTREAM_KEY: upstream.keys.team } });
const plainDataDir = mkdtempSync(join(tmpdir(), 'flowdeck-test-plain-proxy-'));
const plain = await startService({ ...testConfig(upstream.databaseUrl, plainDataDir), upstreamUrl: upstream.url }, testLogger());
afterAll(async () => {
  await plain.stop();
  await proxy.stop();
  await upstream.stop();
  rmSync(plainDataDir, { recursive: true, force: true });
});

const { flow } = await createSampleFlow(upstream.api, { ...SLOW_SAMPLE });
const flowPath = `/v2/flows/${String(flow.id)}`;

/** Every answer the proxy gives in this file, to look for the upstream's key in. */
const answers: ApiAnswer[] = [];
const viaProxy = async (path: string, options: Parameters<typeof proxy.api>[1] = {}) => {
  const answer = await proxy.api(path, options);
  answers.push(answer);
  return answer;
};

describe("a team's proxy", () => {
  it("shows the upstream's flows to a viewer of this Flowdeck", async () => {
    const answer = await viaProxy('/v2/flows', { key: proxy.roleKeys.viewer });
    expect(answer.status).toBe(200);
    expect((answer.body as { data: { id: number }[] }).data.map((each) => each.id)).toEqual([flow.id]);
  });

  it("refuses a viewer's run here, and nothing reaches the upstream", async () => {
    const answer = await viaProxy(`${flowPath}/run`, { method: 'POST', key: proxy.roleKeys.viewer });
    expect(answer).toMatchObject({ status: 403, body: { message: 'Forbidden: viewer may not run flow' } });
    expect(await listAttempts(upstream.api, flow.id)).toEqual([]);
  });

  it("runs and cancels for an operator, with the upstream's key", async () => {
    expect((await viaProxy(`${flowPath}/run`, { method: 'POST', key: proxy.roleKeys.operator })).status).toBe(201);
    expect(await listAttempts(upstream.api, flow.id)).toHaveLength(1);
    const cancel = await viaProxy(`${flowPath}/cancel`, { method: 'POST', key: proxy.roleKeys.operator });
    expect(cancel.status).toBe(200);
  });

  it('checks input here: a malformed change never reaches the upstream', async () => {
    const answer = await viaProxy(flowPath, { method: 'PATCH', key: proxy.roleKeys.editor, body: { frequency: 'sometimes' } });
    expect(answer.status).toBe(400);
    expect((await upstream.api(flowPath)).body).toMatchObject({ data: { frequency: flow.frequency } });
  });

  it("passes an editor's change on, and the upstream keeps it", async () => {
    const answer = await viaProxy(flowPath, { method: 'PATCH', key: proxy.roleKeys.editor, body: { displayName: 'Renamed through the proxy' } });
    expect(answer.status).toBe(200);
    expect((await upstream.api(flowPath)).body).toMatchObject({ data: { displayName: 'Renamed through the proxy' } });
  });

  it("takes only this Flowdeck's keys: the upstream's own key and none are 401", async () => {
    expect((await viaProxy('/v2/flows', { key: upstream.keys.team })).status).toBe(401);
    expect((await viaProxy('/v2/flows', { key: null })).status).toBe(401);
    // And the proxy's keys mean nothing upstream.
    expect((await upstream.api('/v2/flows', { key: proxy.roleKeys.admin })).status).toBe(401);
  });

  it('records each change the upstream made in its own audit log, and none it refused', async () => {
    const audit = (await viaProxy('/v2/audit', { key: proxy.roleKeys.admin })).body as {
      data: { action: string; actor: { name: string }; resource: { type: string; id: string } | null; changes: unknown }[];
    };
    const changes = audit.data.filter((entry) => entry.action !== 'keyUsedFromNewAddress').reverse();
    expect(changes.map((entry) => [entry.action, entry.actor.name, entry.resource])).toEqual([
      ['runFlow', 'test operator', { type: 'flow', id: String(flow.id), name: null }],
      ['cancelFlow', 'test operator', { type: 'flow', id: String(flow.id), name: null }],
      ['updateFlow', 'test editor', { type: 'flow', id: String(flow.id), name: null }],
    ]);
    expect(changes[2]?.changes).toEqual({ displayName: { before: null, after: 'Renamed through the proxy' } });
  });

  it("never shows the upstream's key", () => {
    const seen = answers.map((answer) => `${JSON.stringify(answer.body)} ${JSON.stringify([...answer.headers])}`).join('\n');
    expect(answers.length).toBeGreaterThan(5);
    expect(seen).not.toContain(upstream.keys.team);
  });
});

describe('a plain proxy', () => {
  it('has no people of its own: sign-in operations answer 404, the interface goes through', async () => {
    const api = apiClient(plain.url, upstream.keys.team);
    expect((await api('/v2/auth/methods', { key: null })).status).toBe(404);
    expect((await api('/v2/flows')).status).toBe(200);
  });
});
