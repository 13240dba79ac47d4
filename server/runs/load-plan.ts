import { isIncremental, type SyncMode } from '@/api/tables';
import type { ResourceFacts, ResourceMode } from '@/service-rules/flow-tables';
import type { Json, ReadAfter, WriteMode } from '../connectors/types';

// How one resource of a run is loaded, decided from its mode, what discovery told of it and the state
// its table was left in: what is read (everything, or the rows past the saved cursor) and how the rows
// are kept (replacing the table, appended to it, or merged into it by key).

/** The state a table's last commit left (the service's copy, reconciled with the destination's record). */
export interface SavedState {
  cursor: Json | null;
  /** The mode, cursor field and key of the last commit; null before the first. */
  syncMode: string | null;
  cursorField: string | null;
  primaryKey: readonly string[] | null;
}

export interface LoadPlan {
  syncMode: SyncMode;
  write: WriteMode;
  /** Incremental modes: the column whose greatest value becomes the new cursor. */
  cursorField: string | null;
  /** Merge (and the replace that starts a deduped table): the key the table keeps one row per. */
  primaryKey: string[] | null;
  /** An incremental read past the saved cursor; undefined: everything. */
  from: ReadAfter | undefined;
  /** The cursor the load starts from (kept when it reads no newer row). */
  cursor: Json | null;
  /** Why the saved cursor is not used (for the log), when there was one. */
  cursorDropped: string | null;
}

const sameKey = (a: readonly string[] | null, b: readonly string[] | null) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** Why a saved cursor cannot be read from, or null when it can. */
function whyNotFromCursor(mode: ResourceMode, saved: SavedState, resync: boolean): string | null {
  if (saved.cursor === null) return null;
  if (resync) return 'a re-sync reads everything';
  if (!isIncremental(mode.syncMode)) return null;
  if (saved.cursorField !== mode.cursorField) return `it was saved for “${saved.cursorField ?? ''}”, and the cursor field is now “${mode.cursorField ?? ''}”`;
  return null;
}

/** The plan of one resource's load; throws (the resource fails) when its mode cannot be followed any more. */
export function planLoad(mode: ResourceMode, facts: ResourceFacts | null, saved: SavedState, resync: boolean): LoadPlan {
  const incremental = isIncremental(mode.syncMode);
  if (incremental && mode.cursorField === null) throw new Error(`${mode.syncMode} needs a cursor field; choose one on the flow's Tables section.`);
  // Only a deduped table keeps one row per key; the other modes keep every row they are given.
  const primaryKey = mode.syncMode === 'incremental_deduped' ? (mode.primaryKey ?? facts?.primaryKey ?? null) : null;
  if (mode.syncMode === 'incremental_deduped' && primaryKey === null)
    throw new Error("incremental_deduped needs a primary key; choose one on the flow's Tables section.");
  const cursorDropped = whyNotFromCursor(mode, saved, resync);
  const usable = incremental && cursorDropped === null && saved.cursor !== null;
  const sameAsLast = saved.syncMode === mode.syncMode && sameKey(saved.primaryKey, primaryKey);
  const write = writeOf(mode.syncMode, { resync, fromCursor: usable, sameAsLast });
  // A replaced table holds only what this load reads: it reads everything.
  const cursor = usable && write !== 'replace' ? saved.cursor : null;
  return {
    syncMode: mode.syncMode,
    write,
    cursorField: incremental ? mode.cursorField : null,
    primaryKey,
    from: cursor !== null && mode.cursorField !== null ? { cursorField: mode.cursorField, after: cursor } : undefined,
    cursor,
    cursorDropped: cursorDropped ?? (usable && cursor === null ? 'the table starts over (its mode or key changed)' : null),
  };
}

/**
 * replace: full_refresh_overwrite, a re-sync, and a deduped table that starts over (no cursor, or its mode
 * or key changed since its last commit); append: the append modes; merge: a deduped table going on.
 */
function writeOf(syncMode: SyncMode, how: { resync: boolean; fromCursor: boolean; sameAsLast: boolean }): WriteMode {
  if (syncMode === 'full_refresh_overwrite' || how.resync) return 'replace';
  if (syncMode === 'incremental_deduped') return how.fromCursor && how.sameAsLast ? 'merge' : 'replace';
  return 'append';
}
