import { existsSync, readdirSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { connect } from 'node:net';
import { join, relative, sep } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { dataOf } from '@/api/common';
import { resolverListSchema } from '@/api/resolvers';
import { type Upload, uploadLimitsSchema, uploadSchema } from '@/api/uploads';
import { counts, createSource, runToEnd } from './connector-fixtures';
import { createFilesDestination } from './fixtures';
import { eventually, type Harness, startHarness } from './harness';

// POST /v2/uploads: a file streamed into <files folder>/uploads, usable at once as a csv source's
// location; over the limit, cut off or unauthenticated, nothing stays on disk.

const SMALL_LIMIT = 64 * 1024;
const service = await startHarness();
const small = await startHarness({ uploadLimitBytes: SMALL_LIMIT });
afterAll(async () => {
  await service.stop();
  await small.stop();
});

function csv(rows: number): string {
  const lines = ['id,customer,amount,paid'];
  for (let id = 1; id <= rows; id += 1) lines.push(`${String(id)},customer number ${String(id % 97)},${(id * 1.25).toFixed(2)},${String(id % 2 === 0)}`);
  return `${lines.join('\n')}\n`;
}

/** Every file under the harness's uploads folder, hidden temporary ones included, as paths relative to it. */
function filesInUploads(harness: Harness): string[] {
  const root = join(harness.filesDir, 'uploads');
  if (!existsSync(root)) return [];
  return readdirSync(root, { recursive: true, encoding: 'utf8' }).filter((entry) => statSync(join(root, entry)).isFile());
}

interface SendOptions {
  filename?: string;
  key?: string | null;
  headers?: Record<string, string>;
}

async function send(harness: Harness, body: BodyInit, options: SendOptions = {}) {
  const query = options.filename === undefined ? '' : `?filename=${encodeURIComponent(options.filename)}`;
  const key = options.key === undefined ? harness.keys.team : options.key;
  const response = await fetch(`${harness.url}/v2/uploads${query}`, {
    method: 'POST',
    headers: { ...(key === null ? {} : { authorization: `Bearer ${key}` }), ...options.headers },
    body,
    duplex: 'half',
  } as RequestInit);
  return { status: response.status, body: (await response.json()) as unknown };
}

/** A body sent chunk by chunk without a Content-Length (Transfer-Encoding: chunked). */
function chunked(chunks: Uint8Array[]): ReadableStream<Uint8Array> {
  let next = 0;
  return new ReadableStream({
    pull(controller) {
      const chunk = chunks[next];
      next += 1;
      if (chunk) controller.enqueue(chunk);
      else controller.close();
    },
  });
}

/** The upload folders there are now (one random folder per stored file). */
function uploadFolders(harness: Harness): string[] {
  const root = join(harness.filesDir, 'uploads');
  return existsSync(root) ? readdirSync(root).sort() : [];
}

function expectInUploads(harness: Harness, upload: Upload) {
  const uploads = realpathSync(join(harness.filesDir, 'uploads'));
  const rest = relative(uploads, realpathSync(upload.location));
  expect(rest.startsWith('..'), `${upload.location} is outside ${uploads}`).toBe(false);
  expect(rest.split(sep)).toHaveLength(2); // <random folder>/<name>
  expect(rest.split(sep)[1]).toBe(upload.name);
}

describe('uploading a CSV file', () => {
  it('streams a multi-MB file into the allowed folder, and its location works as a csv source', async () => {
    const text = csv(120_000);
    const bytes = new TextEncoder().encode(text);
    expect(bytes.byteLength).toBeGreaterThan(4 * 1024 * 1024);
    const half = Math.floor(bytes.byteLength / 2);
    // The second half is sent only once the first is on disk: the service writes as it receives.
    let firstHalfOnDisk = false;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(bytes.subarray(0, half));
      },
      async pull(controller) {
        await eventually(
          async () => {
            const partial = filesInUploads(service).find((file) => file.endsWith('.partial'));
            const size = partial ? statSync(join(service.filesDir, 'uploads', partial)).size : 0;
            return Promise.resolve(size >= half ? true : undefined);
          },
          20_000,
          'the first half of the file on disk',
        );
        firstHalfOnDisk = true;
        controller.enqueue(bytes.subarray(half));
        controller.close();
      },
    });
    const answer = await send(service, body, { filename: 'orders.csv', headers: { 'content-type': 'text/csv' } });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    expect(firstHalfOnDisk).toBe(true);
    const upload = dataOf(uploadSchema).parse(answer.body);
    expect(upload).toMatchObject({ name: 'orders.csv', size: bytes.byteLength });
    expectInUploads(service, upload);
    expect(readFileSync(upload.location, 'utf8')).toBe(text);
    expect(filesInUploads(service).filter((file) => file.endsWith('.partial'))).toEqual([]);

    const source = await createSource(service.api, 'csv', { location: upload.location });
    const discovered = await eventually(async () => {
      const list = dataOf(resolverListSchema).parse((await service.api(`/v2/sources/${String(source.id)}/resolvers`)).body);
      return list.discoveryStatus?.status === 'succeeded' ? list : undefined;
    });
    expect(discovered.resolvers.map((resolver) => resolver.name)).toEqual(['id', 'customer', 'amount', 'paid']);

    const destination = await createFilesDestination(service.api, join(service.filesDir, 'exports'));
    const attempt = await runToEnd(service.api, source.id, destination.id, 60_000, { namespace: null });
    expect(attempt.disposition).toBe('succeeded');
    expect(counts(attempt)).toEqual({ orders: 120_000 });
    // The table replaced at each run: one file, in the destination's folder (the flow's namespace is null).
    expect(readFileSync(join(destination.folder, 'orders.jsonl'), 'utf8').trim().split('\n')).toHaveLength(120_000);
  });

  it('tells the limit, and accepts a file of exactly that size', async () => {
    expect(dataOf(uploadLimitsSchema).parse((await small.api('/v2/uploads')).body)).toEqual({ limitBytes: SMALL_LIMIT });
    expect(dataOf(uploadLimitsSchema).parse((await service.api('/v2/uploads')).body)).toEqual({ limitBytes: 1024 * 1024 * 1024 });
    const answer = await send(small, new Uint8Array(SMALL_LIMIT).fill(65), { filename: 'exact.csv' });
    expect(answer.status).toBe(201);
    expect(dataOf(uploadSchema).parse(answer.body).size).toBe(SMALL_LIMIT);
  });

  it('keeps no file name from the client: hostile names land in the uploads folder, cleaned', async () => {
    const names: [string, string][] = [
      ['../../etc/passwd', 'passwd.csv'],
      ['..\\..\\x', 'x.csv'],
      ['a\u0000b.csv', 'a_b.csv'],
      ['.bashrc', 'bashrc.csv'],
      ['/etc/cron.d/job.csv', 'job.csv'],
      ['..', 'upload.csv'],
      ['', 'upload.csv'],
      ['run.sh', 'run.sh.csv'],
      ['Données 2025.TSV', 'Donnees_2025.tsv'],
      [`${'x'.repeat(5_000)}.csv`, `${'x'.repeat(100)}.csv`],
    ];
    for (const [filename, expected] of names) {
      const answer = await send(service, 'a,b\n1,2\n', { filename });
      expect(answer.status, filename).toBe(201);
      const upload = dataOf(uploadSchema).parse(answer.body);
      expect(upload.name, filename).toBe(expected);
      expectInUploads(service, upload);
    }
    const unnamed = dataOf(uploadSchema).parse((await send(service, 'a\n1\n')).body);
    expect(unnamed.name).toBe('upload.csv');
    expect(existsSync(join(service.filesDir, 'etc'))).toBe(false);
  });

  it('answers 413 to a Content-Length over the limit and keeps nothing', async () => {
    const before = uploadFolders(small);
    const answer = await send(small, new Uint8Array(SMALL_LIMIT + 1), { filename: 'big.csv' });
    expect(answer).toEqual({ status: 413, body: { message: 'Payload Too Large', limitBytes: SMALL_LIMIT } });
    expect(uploadFolders(small)).toEqual(before);
  });

  it('answers 413 to a chunked body once it passes the limit and keeps nothing', async () => {
    const chunks = Array.from({ length: 6 }, () => new Uint8Array(16 * 1024).fill(66));
    const before = uploadFolders(small);
    const answer = await send(small, chunked(chunks), { filename: 'big.csv' });
    expect(answer).toEqual({ status: 413, body: { message: 'Payload Too Large', limitBytes: SMALL_LIMIT } });
    expect(uploadFolders(small)).toEqual(before);
  });

  it('refuses an empty file', async () => {
    const before = uploadFolders(service);
    const answer = await send(service, '', { filename: 'empty.csv' });
    expect(answer).toEqual({ status: 400, body: { message: 'Bad Request: the file is empty.' } });
    expect(uploadFolders(service)).toEqual(before);
  });

  it('needs an API key and keeps nothing without one', async () => {
    const before = uploadFolders(service);
    expect(await send(service, 'a,b\n1,2\n', { filename: 'x.csv', key: null })).toEqual({ status: 401, body: { message: 'Unauthorized' } });
    expect(await send(service, 'a,b\n1,2\n', { filename: 'x.csv', key: 'not-a-key' })).toEqual({ status: 401, body: { message: 'Unauthorized' } });
    expect(uploadFolders(service)).toEqual(before);
  });
});

describe('an upload cut off half-way', () => {
  /** Sends the head of a request and part of its body on a raw socket, waits until it is on disk, then drops the connection. */
  async function cutOff(harness: Harness, head: string, part: string) {
    const before = uploadFolders(harness);
    const socket = connect(Number(new URL(harness.url).port), '127.0.0.1');
    await new Promise<void>((resolveConnect) => socket.once('connect', resolveConnect));
    socket.write(head + part);
    const isNew = (file: string) => !before.some((folder) => file.startsWith(`${folder}${sep}`));
    await eventually(
      async () => Promise.resolve(filesInUploads(harness).some((file) => isNew(file) && file.endsWith('.partial')) ? true : undefined),
      20_000,
      'the partial upload on disk',
    );
    socket.destroy();
    await eventually(async () => Promise.resolve(uploadFolders(harness).join() === before.join() ? true : undefined), 20_000, 'the partial upload removed');
    expect(filesInUploads(harness).filter(isNew)).toEqual([]);
  }

  const headers = (harness: Harness, extra: string) =>
    `POST /v2/uploads?filename=cut.csv HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${harness.keys.team}\r\n${extra}\r\n`;

  it('leaves nothing behind when the body had a Content-Length', async () => {
    await cutOff(small, headers(small, 'Content-Length: 60000\r\n'), 'x'.repeat(20_000));
  });

  it('leaves nothing behind when the body was chunked', async () => {
    await cutOff(small, headers(small, 'Transfer-Encoding: chunked\r\n'), `${(20_000).toString(16)}\r\n${'y'.repeat(20_000)}\r\n`);
  });
});
