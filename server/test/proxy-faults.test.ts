import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startService } from '../start';
import { apiClient, createTestDatabase, startHarness, testConfig, testLogger } from './harness';

// Proxy mode on its upstream's worst day: an upstream that is down answers 502, one that accepts the request and
// never answers 504 once its bound has passed, each with a message naming the setting to look at and never the
// upstream's address; and the proxy keeps answering after either.

const ANSWER_TIMEOUT_MS = 1_000;

/** A TCP server that takes connections and never says a word. */
async function silentUpstream(): Promise<{ url: string; server: Server; sockets: Set<Socket> }> {
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return { url: `http://127.0.0.1:${String(port)}`, server, sockets };
}

/** An address nobody listens on: a port the system gave and that was closed again. */
async function downUpstream(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) =>
    server.close(() => {
      resolve();
    }),
  );
  return `http://127.0.0.1:${String(port)}`;
}

const silent = await silentUpstream();
const downUrl = await downUpstream();
const database = await createTestDatabase();
const dataDirs = [mkdtempSync(join(tmpdir(), 'flowdeck-proxy-silent-')), mkdtempSync(join(tmpdir(), 'flowdeck-proxy-down-'))];
const config = (upstreamUrl: string, dataDir: string) => ({ ...testConfig(database.url, dataDir), upstreamUrl, upstreamAnswerTimeoutMs: ANSWER_TIMEOUT_MS });
const toSilent = await startService(config(silent.url, dataDirs[0] ?? ''), testLogger());
const toDown = await startService(config(downUrl, dataDirs[1] ?? ''), testLogger());
const team = await startHarness({
  env: { FLOWDECK_UPSTREAM_URL: silent.url, FLOWDECK_UPSTREAM_KEY: 'the-upstream-key' },
  upstreamAnswerTimeoutMs: ANSWER_TIMEOUT_MS,
});
afterAll(async () => {
  await team.stop();
  await toSilent.stop();
  await toDown.stop();
  for (const socket of silent.sockets) socket.destroy();
  silent.server.close();
  await database.drop();
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
});

describe('a proxy whose upstream', () => {
  it('is down answers 502 at once, naming the setting and not the address', async () => {
    const answer = await apiClient(toDown.url, 'any-key')('/v2/flows');
    expect(answer.status).toBe(502);
    expect((answer.body as { message: string }).message).toBe('Bad Gateway: the upstream service (FLOWDECK_UPSTREAM_URL) could not be reached.');
    expect(JSON.stringify(answer.body)).not.toContain(downUrl);
  });

  it('never answers is answered 504 once the bound has passed, and the proxy still answers after', async () => {
    const asked = Date.now();
    const answer = await apiClient(toSilent.url, 'any-key')('/v2/flows');
    expect(answer).toMatchObject({ status: 504, body: { message: 'Gateway Timeout: the upstream service did not begin its answer within 1 s.' } });
    expect(Date.now() - asked).toBeLessThan(ANSWER_TIMEOUT_MS + 4_000);
    expect((await apiClient(toSilent.url, 'any-key')('/v2/flows', { method: 'POST', body: { displayName: 'x' } })).status).toBe(504);
  });

  it("never answers a team's proxy: a signed-in caller is told 504, and this Flowdeck's own operations still answer", async () => {
    const answer = await team.api('/v2/flows', { key: team.roleKeys.viewer });
    expect(answer.status).toBe(504);
    expect((await team.api('/v2/me', { key: team.roleKeys.viewer })).status).toBe(200);
  });
});
