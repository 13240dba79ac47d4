import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectStatus } from './fixtures';
import { type Harness, startHarness } from './harness';

// Guessing API keys or card hashes is throttled per client address: a burst of failures is answered
// as before, then 429 with Retry-After and no lookup; a caller with a valid key is not slowed.

let harness: Harness;
beforeAll(async () => {
  harness = await startHarness();
});
afterAll(async () => {
  await harness.stop();
});

const guessKey = () => `fd_${randomBytes(24).toString('base64url')}`;

async function statuses(requests: (() => Promise<{ status: number; headers: Headers }>)[]) {
  const answers = [];
  for (const request of requests) answers.push(await request());
  return answers;
}

describe('guessing is throttled', () => {
  it('answers 401 to one wrong key repeated: an old setting is no guess', async () => {
    for (let i = 0; i < 40; i += 1) expectStatus(await harness.api('/v2/flows', { key: 'fd_an-old-key' }), 401);
  });

  it('answers 429 with Retry-After after a burst of wrong keys, and still serves a valid key', async () => {
    expectStatus(await harness.api('/v2/flows'), 200);
    const answers = await statuses(Array.from({ length: 200 }, () => () => harness.api('/v2/flows', { key: guessKey() })));
    const unauthorized = answers.filter((answer) => answer.status === 401).length;
    const throttled = answers.filter((answer) => answer.status === 429);
    expect(unauthorized).toBeGreaterThan(0);
    expect(unauthorized).toBeLessThanOrEqual(25);
    expect(throttled.length).toBe(200 - unauthorized);
    expect(Number(throttled[0]?.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    // The address is throttled now; its valid key is served all the same, however long the guessing took.
    expectStatus(await harness.api('/v2/flows'), 200);
    await new Promise((resolveWait) => setTimeout(resolveWait, 5_500));
    expectStatus(await harness.api('/v2/flows'), 200);
  });

  it('answers 429 with Retry-After after a burst of unknown card hashes', async () => {
    const guesses = Array.from({ length: 100 }, () => randomBytes(16).toString('hex'));
    const answers = await statuses(guesses.map((hash) => () => harness.api(`/v2/cards/${hash}`, { key: hash })));
    const missed = answers.filter((answer) => answer.status === 404).length;
    expect(missed).toBeGreaterThan(0);
    expect(missed).toBeLessThanOrEqual(25);
    const throttled = answers.filter((answer) => answer.status === 429);
    expect(throttled.length).toBe(100 - missed);
    expect(Number(throttled[0]?.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
  });
});
