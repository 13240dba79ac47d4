import { connect } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { BAD_REQUEST, expectError, expectStatus } from './fixtures';
import { startHarness } from './harness';

// Odd and oversized input answers a clear 4xx, never 500, stores nothing and holds no connection.

const service = await startHarness({ idleTimeoutMs: 1_000 });
const { api } = service;
afterAll(async () => {
  await service.stop();
});

const MB = 1024 * 1024;
const countSources = async () => (await service.sql<{ n: number }>('SELECT count(*)::int AS n FROM sources'))[0]?.n;

describe('body size', () => {
  it('answers 413 Payload Too Large above 1 MB, by Content-Length, before parsing', async () => {
    const before = await countSources();
    const body = JSON.stringify({ sourceSpec: 'sample', displayName: 'x'.repeat(5 * MB), properties: { row_count: 1 } });
    const answer = await api('/v2/sources', { method: 'POST', body });
    expectStatus(answer, 413);
    expect(answer.body).toEqual({ message: 'Payload Too Large' });
    // The unread rest of the body makes the connection useless: a client must not send on it again.
    expect(answer.headers.get('connection')).toBe('close');
    expect(await countSources()).toBe(before);
  });

  it('answers 413 to a chunked body (no Content-Length) once it passes 1 MB', async () => {
    const chunk = new TextEncoder().encode(`"${'y'.repeat(MB / 4)}",`);
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        sent += 1;
        if (sent > 40) controller.close();
        else controller.enqueue(chunk);
      },
    });
    const response = await fetch(`${service.url}/v2/sources`, {
      method: 'POST',
      body: stream,
      headers: { authorization: `Bearer ${service.keys.team}`, 'content-type': 'application/json' },
      duplex: 'half',
    } as RequestInit);
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ message: 'Payload Too Large' });
  });
});

describe('field bounds', () => {
  it('refuses a name over 200 characters and a property value over 64 KB with 400', async () => {
    expectError(
      await api('/v2/sources', { method: 'POST', body: { sourceSpec: 'sample', displayName: 'n'.repeat(201), properties: { row_count: 1 } } }),
      400,
      /displayName is longer than 200 characters/,
    );
    expectError(
      await api('/v2/flows', { method: 'POST', body: { displayName: 'n'.repeat(201), source: 1, destination: 1 } }),
      400,
      /displayName is longer than 200/,
    );
    expectError(await api('/v2/workflows', { method: 'POST', body: { name: 'n'.repeat(201), definition: { flows: [] } } }), 400, /name is longer than 200/);
    const big = 'v'.repeat(64 * 1024 + 1);
    expectError(
      await api('/v2/sources', {
        method: 'POST',
        body: { sourceSpec: 'rest_api', properties: { base_url: 'http://127.0.0.1:9', endpoints: big, token: 't' } },
      }),
      400,
      /properties\.endpoints is longer than 64 KB/,
    );
    expectStatus(await api('/v2/sources', { method: 'POST', body: { sourceSpec: 'sample', displayName: 'n'.repeat(200), properties: { row_count: 1 } } }), 201);
  });

  it('refuses NUL bytes anywhere in a body with 400 and stores nothing', async () => {
    const before = await countSources();
    expectError(
      await api('/v2/sources', { method: 'POST', body: { sourceSpec: 'sample', displayName: 'a\u0000b', properties: { row_count: 1 } } }),
      400,
      /NUL byte/,
    );
    expectError(await api('/v2/sources', { method: 'POST', body: { sourceSpec: 'csv', properties: { location: 'a\u0000.csv' } } }), 400, /NUL byte/);
    expectError(await api('/v2/sources', { method: 'POST', body: { sourceSpec: 'sample', properties: { 'row\u0000count': 1 } } }), 400, /NUL byte/);
    expectError(await api('/v2/flows', { method: 'POST', body: { displayName: 'x', source: 1, destination: 1, cron: '\u0000' } }), 400, /NUL byte/);
    // Found by the fuzz pass: a lone surrogate reached jsonb and answered 500.
    expectError(
      await api('/v2/workflows', { method: 'POST', body: '{"name":"w","definition":{"flows":[1]},"node_schemas":{"a":"\\ud800"}}' }),
      400,
      /unpaired surrogate/,
    );
    expectError(
      await api('/v2/sources', { method: 'POST', body: '{"sourceSpec":"sample","displayName":"\\udc00x","properties":{"row_count":1}}' }),
      400,
      /unpaired surrogate/,
    );
    expect(await countSources()).toBe(before);
  });

  it('refuses a body nested deeper than 32 levels with 400', async () => {
    const definition = `${'{"next":'.repeat(5_000)}{}${'}'.repeat(5_000)}`;
    expectError(await api('/v2/workflows', { method: 'POST', body: `{"name":"deep","definition":${definition}}` }), 400, /nested more than 32 levels/);
  });
});

describe('ids', () => {
  it('answers 400 Bad Request for ids beyond the integer range or not positive integers, on every kind of route', async () => {
    for (const id of ['2147483648', '9999999999', '0', '-1', 'abc', '1e3', '%00']) {
      expectError(await api(`/v2/sources/${id}`), 400, BAD_REQUEST);
      expectError(await api(`/v2/flows/${id}/run`, { method: 'POST' }), 400, BAD_REQUEST);
      expectError(await api(`/v2/workflows/${id}/webhooks/1`), 400, BAD_REQUEST);
      expectError(await api(`/v2/workflows/1/webhooks/${id}`), 400, BAD_REQUEST);
      expectError(await api(`/v2/destinations/${id}/verify`), 400, BAD_REQUEST);
      expectError(await api(`/v2/sources/${id}/configuration_cards`), 400, BAD_REQUEST);
    }
    expectError(await api('/v2/flows', { method: 'POST', body: { displayName: 'x', source: 2147483648, destination: 1 } }), 400, BAD_REQUEST);
  });

  it('answers 404 for a webhook or card address with odd bytes, without asking the database', async () => {
    expectError(await api('/v2/webhooks/%00', { method: 'POST', key: null }), 404, 'Not Found');
    expectError(await api(`/v2/webhooks/wh_${'a'.repeat(5_000)}`, { method: 'POST', key: null }), 404, 'Not Found');
    expectStatus(await api('/v2/cards/%00', { key: null }), 401);
  });
});

describe('connections', () => {
  it('are closed, and the client told so, after an answer given without reading the body', async () => {
    // Found by the fuzz pass: the Node adapter drops such a socket after 500 ms of draining, under a
    // client that would otherwise send its next request on it.
    const answer = await api('/v2/cards/not-a-card', { method: 'PATCH', key: null, body: { properties: { x: 'y'.repeat(500_000) } } });
    expectStatus(answer, 401);
    expect(answer.headers.get('connection')).toBe('close');
    const read = await api('/v2/sources', { method: 'POST', body: { sourceSpec: 'nope' } });
    expectStatus(read, 400);
    expect(read.headers.get('connection')).not.toBe('close');
  });
});

describe('slow clients', () => {
  it('close a connection whose body stops half-way instead of holding it open', async () => {
    const { port } = new URL(service.url);
    const started = Date.now();
    const closed = await new Promise<string>((resolveClosed) => {
      const socket = connect(Number(port), '127.0.0.1', () => {
        socket.write(
          `POST /v2/sources HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${service.keys.team}\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"sourceSpec":`,
        );
      });
      let received = '';
      socket.on('data', (data: Buffer) => {
        received += data.toString();
      });
      socket.on('close', () => {
        resolveClosed(received);
      });
      socket.on('error', () => undefined);
    });
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(closed).not.toMatch(/ 500 /);
  });

  it('close a connection whose headers never end', async () => {
    const { port } = new URL(service.url);
    const started = Date.now();
    await new Promise<void>((resolveClosed) => {
      const socket = connect(Number(port), '127.0.0.1', () => {
        socket.write('GET /v2/sources HTTP/1.1\r\nHost: x\r\n');
      });
      socket.on('close', () => {
        resolveClosed();
      });
      socket.on('error', () => undefined);
    });
    expect(Date.now() - started).toBeLessThan(10_000);
  });
});
