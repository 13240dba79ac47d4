import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { dataOf } from '@/api/common';
import { resolverListSchema } from '@/api/resolvers';
import { createDestination, createSource } from './connector-fixtures';
import { attemptEnded, BAD_REQUEST, createFilesDestination, createFlow, expectError, expectStatus, inFuture } from './fixtures';
import { eventually, startHarness } from './harness';

// Tried as an attacker holding only the starter-plan key: no connector setting reads or writes a file
// outside the allowed folders, whatever its spelling, and the data folder's own files never.

const service = await startHarness();
const { api, dataDir, filesDir } = service;
const starter = (path: string, body: unknown, method = 'POST') => api(path, { method, body, key: service.keys.starter });
const outside = mkdtempSync(join(tmpdir(), 'flowdeck-outside-'));
writeFileSync(join(outside, 'private.csv'), 'secret_column\nsecret_value\n');
afterAll(async () => {
  await service.stop();
  rmSync(outside, { recursive: true, force: true });
});

const ALLOWED_HINT = /FLOWDECK_FILE_ROOTS/;

/** Every spelling of a file the connectors must not read. */
const forbiddenLocations = () => [
  join(dataDir, 'secret.key'),
  join(dataDir, 'postgres.url'),
  '/etc/passwd',
  'file:///etc/passwd',
  '../../../../../../etc/passwd',
  `${filesDir}/../secret.key`,
  `file://${join(dataDir, 'secret.key')}`,
  join(outside, 'private.csv'),
];

describe('a csv source location', () => {
  it('outside the allowed folders is refused with 400, naming the allowed folder and how to allow another', async () => {
    for (const location of forbiddenLocations()) {
      const answer = await starter('/v2/sources', { sourceSpec: 'csv', properties: { location } });
      expectError(answer, 400, BAD_REQUEST);
      const message = (answer.body as { message: string }).message;
      if (location.includes(dataDir)) {
        expect(message, location).toMatch(/inside the service's own data folder/);
      } else {
        expect(message, location).toContain(`outside the folders this service may read and write: ${filesDir}`);
        expect(message, location).toMatch(ALLOWED_HINT);
      }
    }
    expect(await service.sql('SELECT id FROM sources')).toEqual([]);
  });

  it('through a symlink inside the allowed folder is refused (resolved before the check)', async () => {
    symlinkSync('/etc/passwd', join(filesDir, 'passwd-link.csv'));
    symlinkSync(join(dataDir, 'secret.key'), join(filesDir, 'key-link.csv'));
    symlinkSync(dataDir, join(filesDir, 'data-folder-link'));
    for (const location of ['passwd-link.csv', join(filesDir, 'key-link.csv'), join(filesDir, 'data-folder-link', 'secret.key')]) {
      expectError(await starter('/v2/sources', { sourceSpec: 'csv', properties: { location } }), 400, BAD_REQUEST);
    }
  });

  it('that is a folder is refused at once instead of blocking discovery', async () => {
    mkdirSync(join(filesDir, 'a-folder'), { recursive: true });
    const answer = await starter('/v2/sources', { sourceSpec: 'csv', properties: { location: join(filesDir, 'a-folder') } });
    expectError(answer, 400, /not a file but a folder/);
  });

  it('inside the allowed folder works, relative paths included, and a PATCH cannot move it out', async () => {
    writeFileSync(join(filesDir, 'orders.csv'), 'id,amount\n1,9.5\n2,3\n');
    const source = await createSource(api, 'csv', { location: 'orders.csv' });
    const resolvers = await eventually(async () => {
      const list = dataOf(resolverListSchema).parse((await api(`/v2/sources/${String(source.id)}/resolvers`)).body);
      return list.discoveryStatus?.status === 'succeeded' ? list : undefined;
    });
    expect(resolvers.resolvers.map((resolver) => resolver.name)).toEqual(['id', 'amount']);
    const moved = await starter(`/v2/sources/${String(source.id)}`, { properties: { location: '/etc/passwd' } }, 'PATCH');
    expectError(moved, 400, BAD_REQUEST);
    const stored = await service.sql<{ properties: { location: string } }>('SELECT properties FROM sources WHERE id = $1', [source.id]);
    expect(stored[0]?.properties.location).toBe('orders.csv');
  });

  it('swapped for a symlink after it was stored fails the run and copies nothing', async () => {
    const file = join(filesDir, 'swapped.csv');
    writeFileSync(file, 'a\n1\n');
    const source = await createSource(api, 'csv', { location: file });
    const destination = await createFilesDestination(api);
    const flow = await createFlow(api, source.id, destination.id);
    rmSync(file);
    symlinkSync(join(dataDir, 'secret.key'), file);
    expectStatus(await api(`/v2/flows/${String(flow.id)}/run`, { method: 'POST' }), 201);
    const attempt = await attemptEnded(api, flow.id);
    expect(attempt.disposition).toBe('failed');
    expect(attempt.errors.join(' ')).toMatch(/data folder/);
    const written = join(filesDir, destination.folder);
    const key = readFileSync(join(dataDir, 'secret.key'), 'utf8').trim();
    const files = existsSync(written) ? readdirSync(written, { recursive: true }).map(String) : [];
    for (const name of files) {
      const path = join(written, name);
      if (name.includes('.')) expect(readFileSync(path, 'utf8')).not.toContain(key);
    }
  });

  it("sent by a card recipient is checked like the owner's", async () => {
    writeFileSync(join(filesDir, 'card.csv'), 'a\n1\n');
    const source = await createSource(api, 'csv', { location: 'card.csv' });
    const card = (await api(`/v2/sources/${String(source.id)}/configuration_cards`, { method: 'POST', body: { expiresAt: inFuture(3_600_000) } })).body as {
      data: { hash_id: string };
    };
    const hash = card.data.hash_id;
    const answer = await api(`/v2/cards/${hash}`, { method: 'PATCH', key: hash, body: { properties: { location: 'file:///etc/passwd' } } });
    expectError(answer, 400, BAD_REQUEST);
  });
});

describe('a destination folder or database file', () => {
  it('outside the allowed folders, or in the data folder, is refused with 400', async () => {
    const before = await service.sql('SELECT id FROM destinations');
    for (const bucket_url of ['/etc', `file://${outside}`, dataDir, join(dataDir, 'postgres'), '../../../tmp']) {
      expectError(await starter('/v2/destinations', { destinationSpec: 'files', properties: { bucket_url, format: 'jsonl' } }), 400, BAD_REQUEST);
    }
    for (const path of [join(outside, 'x.duckdb'), join(dataDir, 'x.duckdb'), join(dataDir, 'postgres', 'base'), '/etc/cron.d/x']) {
      expectError(await starter('/v2/destinations', { destinationSpec: 'duckdb', properties: { path } }), 400, BAD_REQUEST);
    }
    expect(await service.sql('SELECT id FROM destinations')).toEqual(before);
  });

  it('inside the allowed folder works, and a PATCH cannot move it into the data folder', async () => {
    const destination = await createDestination(api, 'duckdb', { path: join(filesDir, 'ok.duckdb') });
    const moved = await starter(`/v2/destinations/${String(destination.id)}`, { properties: { path: join(dataDir, 'evil.duckdb') } }, 'PATCH');
    expectError(moved, 400, BAD_REQUEST);
    expect(existsSync(join(dataDir, 'evil.duckdb'))).toBe(false);
  });
});

describe('FLOWDECK_FILE_ROOTS', () => {
  it('allows the folders it lists, but never the data folder even when it lists it', async () => {
    const other = await startHarness({ env: { FLOWDECK_FILE_ROOTS: [outside, '/'].join(':') } });
    try {
      const allowed = await other.api('/v2/sources', { method: 'POST', body: { sourceSpec: 'csv', properties: { location: join(outside, 'private.csv') } } });
      expectStatus(allowed, 201);
      const key = await other.api('/v2/sources', { method: 'POST', body: { sourceSpec: 'csv', properties: { location: join(other.dataDir, 'secret.key') } } });
      expectError(key, 400, /data folder/);
      expect(relative(other.dataDir, other.filesDir)).toBe('files');
    } finally {
      await other.stop();
    }
  });
});
