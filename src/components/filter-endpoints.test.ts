import { describe, expect, it } from 'vitest';
import type { Flow } from '@/api/flows';
import { filterEndpointRows, toEndpointRows } from './filter-endpoints';

const flow = (id: number, displayName: string, source: number): Flow => ({
  freshness: null,
  id,
  displayName,
  source,
  destination: 1,
  frequency: 'manual',
  cron: null,
  paused: false,
  namespace: null,
  tablePrefix: '',
  schemaChanges: 'propagate',
  resources: [],
});
const items = [
  { id: 1, displayName: 'Orders DB', updatedAt: '2026-01-03T00:00:00Z', spec: 'PostgreSQL' },
  { id: 2, displayName: 'billing api', updatedAt: null, spec: 'REST API' },
  { id: 3, displayName: 'Archive', updatedAt: '2026-01-01T00:00:00Z', spec: 'PostgreSQL' },
];
const usedBy = new Map([
  [1, [flow(7, 'Nightly orders', 1), flow(8, 'Hourly orders', 1)]],
  [3, [flow(9, 'Cold storage', 3)]],
]);
const rows = toEndpointRows(items, (item) => ({ name: item.displayName, spec: item.spec }), usedBy);
const ids = (search: Parameters<typeof filterEndpointRows>[1]) => filterEndpointRows(rows, search).map((row) => row.item.id);

describe('filterEndpointRows', () => {
  it('matches every word against the name, id, spec and the flows that use it, in any case', () => {
    expect(ids({ q: 'postgres', sort: 'name', dir: 'asc' })).toEqual([3, 1]);
    expect(ids({ q: 'NIGHTLY', sort: 'name', dir: 'asc' })).toEqual([1]);
    expect(ids({ q: '#2', sort: 'name', dir: 'asc' })).toEqual([2]);
    expect(ids({ q: 'orders cold', sort: 'name', dir: 'asc' })).toEqual([]);
  });

  it('sorts by name, spec, how many flows use it and when it changed, either way, ties in id order', () => {
    expect(ids({ q: '', sort: 'name', dir: 'asc' })).toEqual([3, 2, 1]);
    expect(ids({ q: '', sort: 'name', dir: 'desc' })).toEqual([1, 2, 3]);
    expect(ids({ q: '', sort: 'spec', dir: 'asc' })).toEqual([1, 3, 2]);
    expect(ids({ q: '', sort: 'usedBy', dir: 'desc' })).toEqual([1, 3, 2]);
    expect(ids({ q: '', sort: 'updated', dir: 'desc' })).toEqual([1, 3, 2]);
  });

  it('reads no flows as used by none', () => {
    expect(toEndpointRows(items, (item) => ({ name: item.displayName, spec: item.spec }), undefined).every((row) => row.usedBy.length === 0)).toBe(true);
  });
});
