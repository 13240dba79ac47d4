import { describe, expect, it } from 'vitest';
import { layoutSteps, NODE_HEIGHT } from './graph-layout';

describe('layoutSteps', () => {
  it('draws an arrow from each step to the steps that wait for it, a waiting step below', () => {
    const { positions, edges } = layoutSteps([
      { id: 'orders', after: [] },
      { id: 'billing', after: [] },
      { id: 'marts', after: ['orders', 'billing'] },
    ]);
    expect(edges).toEqual([
      { from: 0, to: 2 },
      { from: 1, to: 2 },
    ]);
    const [orders, billing, marts] = positions;
    expect(orders?.y).toBe(billing?.y);
    expect(marts?.y).toBeGreaterThanOrEqual((orders?.y ?? 0) + NODE_HEIGHT);
  });

  it('draws what it can of a definition still being typed: unknown, self and repeated waits are left out', () => {
    const { positions, edges } = layoutSteps([
      { id: 'a', after: ['a', 'nope'] },
      { id: 'a', after: [] },
      { id: 'b', after: ['a', 'a'] },
    ]);
    expect(positions).toHaveLength(3);
    expect(edges).toEqual([{ from: 0, to: 2 }]);
  });
});
