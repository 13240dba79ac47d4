import { describe, expect, it } from 'vitest';
import { createKeyCache, KEY_CACHE_MS } from '../http/key-cache';

// The API key cache on its own, on a clock the test moves: a found key is asked of the database once
// per KEY_CACHE_MS, a revoked key stops working once that time has passed, and an unknown key is never
// remembered (its next request asks again, so a key created since is accepted at once).

function database(plans: Record<string, string>) {
  const asked: string[] = [];
  return {
    asked,
    plans,
    lookUp: (hash: string) => () => {
      asked.push(hash);
      return Promise.resolve(plans[hash] ?? null);
    },
  };
}

describe('the API key cache', () => {
  it('asks the database once for a found key while it is fresh, and shares one lookup among concurrent requests', async () => {
    let now = 0;
    const cache = createKeyCache<string>(KEY_CACHE_MS, () => now);
    const db = database({ h1: 'team' });
    expect(await Promise.all([cache.holderOf('h1', db.lookUp('h1')), cache.holderOf('h1', db.lookUp('h1'))])).toEqual(['team', 'team']);
    now = KEY_CACHE_MS - 1;
    expect(await cache.holderOf('h1', db.lookUp('h1'))).toBe('team');
    expect(db.asked).toEqual(['h1']);
  });

  it('refuses a revoked key once the bound has passed, and sees a changed plan then', async () => {
    let now = 0;
    const cache = createKeyCache<string>(KEY_CACHE_MS, () => now);
    const db = database({ h1: 'team', h2: 'team' });
    await cache.holderOf('h1', db.lookUp('h1'));
    await cache.holderOf('h2', db.lookUp('h2'));
    delete db.plans.h1;
    db.plans.h2 = 'starter';
    now = KEY_CACHE_MS;
    expect(await cache.holderOf('h1', db.lookUp('h1'))).toBeNull();
    expect(await cache.holderOf('h2', db.lookUp('h2'))).toBe('starter');
  });

  it('never remembers an unknown key or a failed lookup', async () => {
    const cache = createKeyCache<string>(KEY_CACHE_MS, () => 0);
    const db = database({});
    expect(await cache.holderOf('h3', db.lookUp('h3'))).toBeNull();
    db.plans.h3 = 'team';
    expect(await cache.holderOf('h3', db.lookUp('h3'))).toBe('team');
    await expect(cache.holderOf('h4', () => Promise.reject(new Error('database down')))).rejects.toThrow('database down');
    expect(await cache.holderOf('h4', db.lookUp('h4'))).toBeNull();
    expect(db.asked).toEqual(['h3', 'h3', 'h4']);
  });
});
