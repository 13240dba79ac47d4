import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataOf } from '@/api/common';
import { destinationSchema } from '@/api/destinations';
import { attemptEnded, createFlow, createSampleSource, expectStatus } from './fixtures';
import { type Harness, startHarness } from './harness';

// A `files` destination whose disk fills mid-run: a 1 MB tmpfs as the destination's folder. The run
// fails and names the folder, nothing half-written stays behind, and the service keeps answering
// (an ENOSPC on a write stream without an 'error' listener used to kill the process).

const mountPoint = mkdtempSync(join(tmpdir(), 'flowdeck-full-disk-'));
let mounted = false;
let harness: Harness;

beforeAll(async () => {
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=1m', 'tmpfs', mountPoint], { stdio: 'pipe' });
    mounted = true;
  } catch (error) {
    throw new Error(`This test mounts a 1 MB tmpfs and must run as root (mount said: ${(error as Error).message})`, { cause: error });
  }
  harness = await startHarness({ env: { FLOWDECK_FILE_ROOTS: mountPoint } });
});

afterAll(async () => {
  await harness.stop();
  if (mounted) execFileSync('umount', [mountPoint]);
  rmSync(mountPoint, { recursive: true, force: true });
});

describe('a files destination on a full disk', () => {
  it('fails the run with "No space left on <folder>", leaves no partial file and keeps the service up', async () => {
    const folder = join(mountPoint, 'out');
    mkdirSync(folder);
    const source = await createSampleSource(harness.api, { row_count: 60_000 });
    const answer = await harness.api('/v2/destinations', {
      method: 'POST',
      body: { destinationSpec: 'files', displayName: 'Full disk', properties: { bucket_url: folder, format: 'jsonl' } },
    });
    const destination = dataOf(destinationSchema).parse(expectStatus(answer, 201).body);
    const flow = await createFlow(harness.api, source.id, destination.id);
    expectStatus(await harness.api(`/v2/flows/${String(flow.id)}/run`, { method: 'POST' }), 201);

    const attempt = await attemptEnded(harness.api, flow.id);
    expect(attempt.disposition).toBe('failed');
    expect(attempt.errors.join('\n')).toContain(`No space left on ${folder}`);
    const left = readdirSync(folder, { recursive: true }).map(String);
    expect(left.filter((name) => name.endsWith('.partial'))).toEqual([]);
    expect(left.filter((name) => name.startsWith('orders/') && name.endsWith('.jsonl'))).toEqual([]);
    expectStatus(await harness.api('/v2/flows'), 200);
  });
});
