import { afterAll, beforeAll, expect, it } from 'vitest';
import { MESSAGES, TEAM_MESSAGES } from '@/api/messages';
import { expectError } from './fixtures';
import { type Harness, signInPerson, startHarness } from './harness';

// Guessing passwords is throttled per account and per address; a single-use link's token guessed counts
// against the address too. The tests run in order on one harness: every failure here counts against the
// one address the tests come from (127.0.0.1).

let harness: Harness;
beforeAll(async () => {
  harness = await startHarness();
}, 120_000);
afterAll(async () => {
  await harness.stop();
});

const signIn = (email: string, password: string) => harness.api('/v2/session', { method: 'POST', key: null, body: { email, password } });
const retryAfter = (answer: { headers: Headers }) => Number(answer.headers.get('retry-after'));

it('holds an account back after ten wrong passwords, not the other accounts of the address', async () => {
  const target = await signInPerson(harness, 'viewer');
  const other = await signInPerson(harness, 'viewer');
  for (let guess = 0; guess < 10; guess += 1) expectError(await signIn(target.email, `wrong ${String(guess)}`), 401, TEAM_MESSAGES.wrongPassword);
  const held = await signIn(target.email, 'wrong again');
  expectError(held, 429, MESSAGES.tooManyGuesses);
  expect(retryAfter(held)).toBeGreaterThanOrEqual(1);
  // The person signed in with their password lately: a guesser does not lock them out.
  expect((await signIn(target.email, target.password)).status).toBe(200);
  // The address may still try other accounts.
  expectError(await signIn(other.email, 'wrong'), 401, TEAM_MESSAGES.wrongPassword);
  // A password signed in with lately is no guess: it is let through.
  expect((await signIn(other.email, other.password)).status).toBe(200);
});

it('holds an address back after a burst of failures, guessed link tokens counted with passwords', async () => {
  const guess = (n: number) =>
    n % 2 === 0
      ? harness.api('/v2/links/inspect', { method: 'POST', key: null, body: { token: `guess-${String(n)}` } })
      : harness.api('/v2/links/use', { method: 'POST', key: null, body: { token: `guess-${String(n)}`, password: 'a long password here' } });
  const answers = [];
  for (let n = 0; n < 20; n += 1) answers.push(await guess(n));
  const missed = answers.filter((answer) => answer.status === 404).length;
  const held = answers.filter((answer) => answer.status === 429);
  // 11 failed passwords came before, so about 9 of the burst of 20 are left (one more comes back every 3 s).
  expect(missed).toBeGreaterThan(0);
  expect(missed).toBeLessThanOrEqual(12);
  expect(held).toHaveLength(20 - missed);
  expect(held[0]?.body).toEqual({ message: MESSAGES.tooManyGuesses });
  expect(retryAfter(held[0] ?? { headers: new Headers() })).toBeGreaterThanOrEqual(1);
});
