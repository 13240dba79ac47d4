import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { optionalOrDropped, searchInt, withFallback } from './search-params';

// A hand-edited or stale URL opens the page with defaults, never an error screen.
describe('search params', () => {
  const page = z.object({
    limit: withFallback(searchInt(z.minimum(1), z.maximum(100)), 25),
    attempt: optionalOrDropped(searchInt(z.positive())),
  });

  it('reads whole numbers from the URL text', () => {
    expect(page.parse({ limit: '50', attempt: '7' })).toEqual({ limit: 50, attempt: 7 });
  });

  it('falls back to the default for a missing, fractional, out-of-bounds or non-numeric value', () => {
    for (const limit of [undefined, '2.5', '0', '101', 'abc', '1e400']) expect(page.parse({ limit }).limit).toBe(25);
  });

  it('drops an optional value it cannot read', () => {
    expect(page.parse({ attempt: '-3' })).toEqual({ limit: 25 });
    expect(page.parse({ attempt: 'x' }).attempt).toBeUndefined();
  });
});
