import { describe, expect, it } from 'vitest';
import type { ResourceMode } from '@/service-rules/flow-tables';
import { planLoad, type SavedState } from '../runs/load-plan';

// How a run decides what to read and how to keep it, for each mode and the state its table was left in
// (the runs themselves: sync-modes.test.ts).

const mode = (syncMode: ResourceMode['syncMode'], extra: Partial<ResourceMode> = {}): ResourceMode => ({
  name: 'orders',
  syncMode,
  cursorField: syncMode.startsWith('incremental') ? 'updated_at' : null,
  primaryKey: null,
  ...extra,
});
const NEVER: SavedState = { cursor: null, syncMode: null, cursorField: null, primaryKey: null };
const saved = (syncMode: string, extra: Partial<SavedState> = {}): SavedState => ({
  cursor: '2026-03-01T00:00:00.000Z',
  syncMode,
  cursorField: 'updated_at',
  primaryKey: null,
  ...extra,
});
const facts = { columns: [{ name: 'id', type: 'integer' }], primaryKey: ['id'], cursorCandidates: ['updated_at'] };

describe('a load’s plan', () => {
  it('replaces for a full refresh overwrite and appends for the append modes, reading every row without a cursor', () => {
    expect(planLoad(mode('full_refresh_overwrite'), null, NEVER, false)).toMatchObject({
      write: 'replace',
      from: undefined,
      cursorField: null,
      primaryKey: null,
    });
    expect(planLoad(mode('full_refresh_append'), null, NEVER, false)).toMatchObject({ write: 'append', from: undefined });
    expect(planLoad(mode('incremental_append'), null, NEVER, false)).toMatchObject({ write: 'append', from: undefined, cursorField: 'updated_at' });
  });

  it('reads past the saved cursor, and merges a deduped table that goes on with the same mode and key', () => {
    const from = { cursorField: 'updated_at', after: '2026-03-01T00:00:00.000Z' };
    expect(planLoad(mode('incremental_append'), null, saved('incremental_append'), false)).toMatchObject({ write: 'append', from });
    expect(planLoad(mode('incremental_deduped'), facts, saved('incremental_deduped', { primaryKey: ['id'] }), false)).toMatchObject({
      write: 'merge',
      from,
      primaryKey: ['id'],
    });
  });

  it('starts a deduped table over (replace, every row) without a cursor, after another mode, or with another key', () => {
    expect(planLoad(mode('incremental_deduped'), facts, NEVER, false)).toMatchObject({ write: 'replace', from: undefined, primaryKey: ['id'] });
    expect(planLoad(mode('incremental_deduped'), facts, saved('incremental_append'), false)).toMatchObject({ write: 'replace', from: undefined, cursor: null });
    const rekeyed = planLoad(mode('incremental_deduped', { primaryKey: ['id', 'day'] }), facts, saved('incremental_deduped', { primaryKey: ['id'] }), false);
    expect(rekeyed).toMatchObject({ write: 'replace', from: undefined, cursorDropped: 'the table starts over (its mode or key changed)' });
  });

  it('reads everything and replaces on a re-sync, and drops a cursor saved for another field', () => {
    expect(planLoad(mode('incremental_append'), null, saved('incremental_append'), true)).toMatchObject({
      write: 'replace',
      from: undefined,
      cursorDropped: 'a re-sync reads everything',
    });
    const moved = planLoad(mode('incremental_append', { cursorField: 'id' }), null, saved('incremental_append'), false);
    expect(moved).toMatchObject({ write: 'append', from: undefined, cursorDropped: 'it was saved for “updated_at”, and the cursor field is now “id”' });
  });

  it('fails the resource when its mode can no longer be followed', () => {
    expect(() => planLoad(mode('incremental_append', { cursorField: null }), null, NEVER, false)).toThrow(/needs a cursor field/);
    expect(() => planLoad(mode('incremental_deduped'), null, NEVER, false)).toThrow(/needs a primary key/);
  });
});
