import { DEFAULT_SYNC_MODE, type FlowTableState, isIncremental, SYNC_MODES, type SyncMode } from '@/api/tables';
import type { ResourceFacts } from '@/service-rules/flow-tables';
import { destinationModes, whyNotIncremental } from '@/service-rules/table-modes';

// What the Tables section offers for a resource: the modes its source and destination can honour (the others
// shown with the reason, by the rules the service saves with: src/service-rules/table-modes.ts), the columns
// that can serve as its cursor and those that can make its key.

export interface TableEnds {
  sourceSpec: string;
  sourceProperties: Readonly<Record<string, unknown>>;
  destinationSpec: string;
}

export interface ModeChoice {
  mode: SyncMode;
  /** Why it cannot be chosen, or null. */
  unavailable: string | null;
}

/** The first sentence of a refusal, without the service's "choose …" advice (the menu shows the choices). */
const firstClause = (text: string) => `${text.split(': choose ')[0] ?? text}.`;

export function modeChoices(ends: TableEnds, facts: ResourceFacts | null): ModeChoice[] {
  const kept = destinationModes(ends.destinationSpec);
  const notIncremental = whyNotIncremental(ends.sourceSpec, ends.sourceProperties);
  const noCursor = facts !== null && facts.cursorCandidates.length === 0;
  return SYNC_MODES.map((mode) => {
    let unavailable: string | null = null;
    if (!kept.includes(mode)) unavailable = `A ${ends.destinationSpec} destination keeps every row it is given: it cannot keep one row per key.`;
    else if (isIncremental(mode) && notIncremental) unavailable = firstClause(notIncremental);
    else if (isIncremental(mode) && noCursor) unavailable = 'No column of it can serve as a cursor (a number, a date or a time).';
    return { mode, unavailable };
  });
}

/** A resource's mode, cursor field and key as the editor holds them. */
export interface ModeDraft {
  syncMode: SyncMode;
  cursorField: string | null;
  /** The key the flow chooses; null keeps the table's own. */
  primaryKey: string[] | null;
}

/** What is missing before the draft can be saved, by field (empty: nothing). */
export function draftProblems(draft: ModeDraft, facts: ResourceFacts | null): { cursorField?: string; primaryKey?: string } {
  const problems: { cursorField?: string; primaryKey?: string } = {};
  if (isIncremental(draft.syncMode) && draft.cursorField === null) problems.cursorField = 'Choose the column whose greater values mark new or changed rows.';
  if (draft.syncMode === 'incremental_deduped' && draft.primaryKey === null && !facts?.primaryKey) {
    problems.primaryKey = 'This table has no key of its own: choose the columns that identify a row.';
  }
  return problems;
}

/** The body that saves the draft: no cursor for a full refresh, a key only where it is used. */
export function draftInput(name: string, draft: ModeDraft) {
  return {
    name,
    syncMode: draft.syncMode,
    cursorField: isIncremental(draft.syncMode) ? draft.cursorField : null,
    primaryKey: draft.syncMode === 'incremental_deduped' ? draft.primaryKey : null,
  };
}

const isKnownMode = (mode: string): mode is SyncMode => (SYNC_MODES as readonly string[]).includes(mode);

/** The editor's start: the table's mode as the service answers it (one the dashboard does not know starts from the default). */
export const draftOf = (state: FlowTableState): ModeDraft => ({
  syncMode: isKnownMode(state.syncMode) ? state.syncMode : DEFAULT_SYNC_MODE,
  cursorField: state.cursorField,
  primaryKey: state.primaryKey,
});
