import { describe, expect, it } from 'vitest';
import { decideQueue, type QueuedRun } from './run-queue';

const warehouse = { id: 1, name: 'Warehouse', limit: 1 };
const lake = { id: 2, name: 'Lake', limit: null };
const queued = (id: number, destination: QueuedRun['destination']): QueuedRun => ({ id, destination });

describe('decideQueue', () => {
  it('admits in queue order while the service has slots', () => {
    const decision = decideQueue([queued(1, lake), queued(2, lake), queued(3, lake)], { serviceLimit: 2, running: 0, runningByDestination: new Map() });
    expect(decision.admit).toEqual([1, 2]);
    expect(decision.waiting).toEqual(new Map([[3, '1 run ahead for the service limit']]));
  });

  it("lets a run into another destination past one held by its own destination's limit", () => {
    const decision = decideQueue([queued(1, warehouse), queued(2, warehouse), queued(3, lake)], {
      serviceLimit: 4,
      running: 1,
      runningByDestination: new Map([[1, 1]]),
    });
    expect(decision.admit).toEqual([3]);
    expect(decision.waiting).toEqual(
      new Map([
        [1, '1 run ahead for “Warehouse”'],
        [2, '2 runs ahead for “Warehouse”'],
      ]),
    );
  });

  it('names the limit with more runs ahead when both hold a run back', () => {
    const decision = decideQueue([queued(1, lake), queued(2, lake), queued(3, warehouse)], {
      serviceLimit: 1,
      running: 1,
      runningByDestination: new Map([[1, 1]]),
    });
    expect(decision.admit).toEqual([]);
    expect(decision.waiting.get(3)).toBe('3 runs ahead for the service limit');
  });
});
