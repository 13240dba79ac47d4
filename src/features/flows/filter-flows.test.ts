import { describe, expect, it } from 'vitest';
import type { Flow } from '@/api/flows';
import { filterFlowRows, narrowingFilter, sortFlowRows, toFlowRows } from './filter-flows';

// The search of the flows list: every word must lie in the name, the id, the source, the destination or the
// schedule. Typing on narrows the last result instead of looking through every flow again: the answer must
// be the one a search from scratch gives, whatever the user types, deletes or changes.

const sources = new Map([
  [1, 'Production DB'],
  [2, 'CRM'],
]);
const destinations = new Map([
  [1, 'Warehouse'],
  [2, 'Data lake'],
]);

function flow(id: number, displayName: string, patch: Partial<Flow> = {}): Flow {
  return {
    id,
    displayName,
    source: 1 + (id % 2),
    destination: 1 + (id % 3 === 0 ? 1 : 0),
    frequency: '1h',
    cron: null,
    paused: false,
    freshness: null,
    namespace: null,
    tablePrefix: '',
    schemaChanges: 'propagate',
    resources: [],
    ...patch,
  };
}

const flows = [
  flow(1, 'Orders to warehouse'),
  flow(2, 'CRM to lake', { cron: '0 3 * * *', frequency: null }),
  flow(3, 'Billing to lake', { paused: true }),
  flow(12, 'Invoices nightly', { frequency: 'manual' }),
  flow(21, 'Orders backfill', { cron: '*/15 * * * *', frequency: null }),
];
const rows = sortFlowRows(toFlowRows(flows, sources, destinations), 'name', 'asc');
const names = (found: readonly { flow: Flow }[]) => found.map((row) => row.flow.displayName);
const search = (q: string, schedule: 'all' | 'cron' | 'paused' = 'all') => ({ q, schedule, freshness: 'all' as const });

describe('searching the flows list', () => {
  it('matches every word in any field: name, #id, source, destination, schedule words, cron, paused', () => {
    expect(names(filterFlowRows(rows, search('orders warehouse')))).toEqual(['Orders to warehouse']);
    // "production" is the source's name; "lake" a destination or a name.
    expect(names(filterFlowRows(rows, search('production lake')))).toEqual(['CRM to lake', 'Invoices nightly']);
    expect(names(filterFlowRows(rows, search('#12')))).toEqual(['Invoices nightly']);
    expect(names(filterFlowRows(rows, search('*/15')))).toEqual(['Orders backfill']);
    expect(names(filterFlowRows(rows, search('PAUSED')))).toEqual(['Billing to lake']);
    expect(names(filterFlowRows(rows, search('crm hour')))).toEqual(['Billing to lake', 'Orders to warehouse']);
    // A word never spans two fields (the name ends in "warehouse", the source is CRM).
    expect(filterFlowRows(rows, search('warehousecrm'))).toEqual([]);
  });

  it('gives the same answer typing on, deleting and changing filters as searching from scratch', () => {
    const filter = narrowingFilter();
    const steps = [
      search(''),
      search('o'),
      search('or'),
      search('ord'),
      search('ord '),
      search('ord l'),
      search('ord la'),
      search('ord l'),
      search('or'),
      search('or', 'cron'),
      search('or c', 'cron'),
      search('or c'),
      search('#1'),
      search('#12'),
      search('#1'),
      search('lake'),
      search('lake', 'paused'),
      search(''),
    ];
    for (const step of steps) expect(names(filter(rows, step)), JSON.stringify(step)).toEqual(names(filterFlowRows(rows, step)));
  });

  it('looks through the new rows when the list changes under the search', () => {
    const filter = narrowingFilter();
    expect(names(filter(rows, search('orders')))).toEqual(['Orders backfill', 'Orders to warehouse']);
    const more = sortFlowRows(toFlowRows([...flows, flow(40, 'Orders archive')], sources, destinations), 'name', 'asc');
    expect(names(filter(more, search('orders a')))).toEqual(['Orders archive', 'Orders backfill', 'Orders to warehouse']);
  });
});
