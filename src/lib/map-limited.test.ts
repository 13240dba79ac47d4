import { describe, expect, it } from 'vitest';
import { mapLimited } from './map-limited';

describe('mapLimited', () => {
  it('keeps the order of the items and never has more than the limit in flight', async () => {
    let inFlight = 0;
    let most = 0;
    const results = await mapLimited([5, 1, 4, 2, 3, 0], 2, async (ms) => {
      inFlight += 1;
      most = Math.max(most, inFlight);
      await new Promise((resolve) => setTimeout(resolve, ms));
      inFlight -= 1;
      return ms * 10;
    });
    expect(results).toEqual([50, 10, 40, 20, 30, 0]);
    expect(most).toBe(2);
  });

  it('answers an empty list at once', async () => {
    expect(await mapLimited([], 4, () => Promise.resolve(1))).toEqual([]);
  });
});
