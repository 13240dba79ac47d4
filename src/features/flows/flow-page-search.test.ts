import { describe, expect, it } from 'vitest';
import { flowPageSearchSchema } from './flow-page-search';

// A hand-edited or stale URL opens the page with defaults, never an error screen.
describe("the flow page's search params", () => {
  it('reads whole numbers from the URL text', () => {
    expect(flowPageSearchSchema.parse({ limit: '50', offset: '100', attempt: '7' })).toEqual({ limit: 50, offset: 100, order: 'DESC', attempt: 7 });
  });

  it('falls back to the default for a missing, fractional, out-of-bounds or non-numeric value', () => {
    for (const limit of [undefined, '2.5', '0', '1001', 'abc', '1e400']) expect(flowPageSearchSchema.parse({ limit }).limit).toBe(25);
    expect(flowPageSearchSchema.parse({ order: 'sideways' }).order).toBe('DESC');
  });

  it('drops an optional value it cannot read', () => {
    expect(flowPageSearchSchema.parse({ attempt: '-3' })).toEqual({ limit: 25, offset: 0, order: 'DESC' });
    expect(flowPageSearchSchema.parse({ attempt: 'x' }).attempt).toBeUndefined();
  });
});
