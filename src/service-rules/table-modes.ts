import { isIncremental, SYNC_MODES, type SyncMode } from '@/api/tables';
import { sourceSpec } from '@/catalogue/connector-specs';
import { InvalidInput } from './errors';
import type { ResourceFacts, ResourceMode } from './flow-tables';
import { propertyValue } from './properties';

// Which modes a flow may save for its resources, for the service and the mock alike: a mode the source or
// the destination cannot honour, a cursor or a key that does not fit, a resource the source does not have
// is refused when the flow is saved (400 saying why), never found out at run time.

/** The modes a destination keeps its tables with: a files destination keeps every row it is given. */
export function destinationModes(destinationSpecName: string): readonly SyncMode[] {
  return destinationSpecName === 'files' ? SYNC_MODES.filter((mode) => mode !== 'incremental_deduped') : SYNC_MODES;
}

const filesCannotDedupe = (resource: string) =>
  `The files destination keeps every row it is given; it cannot keep one row per key. Choose full_refresh_overwrite, full_refresh_append or incremental_append for “${resource}”.`;

/** Why a source cannot read only new rows, or null when it can. */
export function whyNotIncremental(sourceSpecName: string, properties: Readonly<Record<string, unknown>>): string | null {
  if (sourceSpecName !== 'rest_api') return null;
  const definitions = sourceSpec(sourceSpecName)?.propertyDefinitions ?? [];
  const param = propertyValue(definitions, properties, 'cursor_param');
  return typeof param === 'string' && param.trim() !== ''
    ? null
    : 'A REST API source reads every record on each run unless its Cursor parameter (cursor_param) is set: choose full_refresh_overwrite or full_refresh_append';
}

export interface ModeCheck {
  sourceSpec: string;
  sourceProperties: Readonly<Record<string, unknown>>;
  destinationSpec: string;
  /** The names of the resources the source has, once it is known (discovered, or its spec's own); null before. */
  knownResources: readonly string[] | null;
  /** What discovery told of a resource; null: nothing yet. */
  facts: (resource: string) => ResourceFacts | null;
}

const quoted = (names: readonly string[]) => names.map((name) => `“${name}”`).join(', ');

/** The problems of one resource's mode (none: it can be saved). */
function problemsOf(mode: ResourceMode, check: ModeCheck): string[] {
  const { name, syncMode } = mode;
  const facts = check.facts(name);
  const where = `Resource “${name}”`;
  const problems: string[] = [];
  if (!destinationModes(check.destinationSpec).includes(syncMode)) problems.push(filesCannotDedupe(name));
  if (isIncremental(syncMode)) {
    const why = whyNotIncremental(check.sourceSpec, check.sourceProperties);
    if (why) problems.push(`${where}: ${why}.`);
    else if (mode.cursorField === null) problems.push(`${where}: ${syncMode} needs a cursor field: the column whose greater values mark new or changed rows.`);
    else if (facts && !facts.cursorCandidates.includes(mode.cursorField)) {
      problems.push(
        facts.cursorCandidates.length === 0
          ? `${where}: no column of it can serve as a cursor (a number, a date or a time).`
          : `${where}: “${mode.cursorField}” cannot serve as a cursor; choose one of ${quoted(facts.cursorCandidates)}.`,
      );
    }
  }
  if (syncMode === 'incremental_deduped' && mode.primaryKey === null && !facts?.primaryKey) {
    problems.push(`${where}: incremental_deduped needs a primary key: the columns that identify a row.`);
  }
  const unknownKey = facts && mode.primaryKey ? mode.primaryKey.filter((column) => !facts.columns.some((known) => known.name === column)) : [];
  if (unknownKey.length > 0) problems.push(`${where}: the primary key names ${quoted(unknownKey)}, which it does not have.`);
  return problems;
}

/** 400 naming every problem of the modes a flow would save. */
export function checkResourceModes(modes: readonly ResourceMode[], check: ModeCheck): void {
  const unknown = check.knownResources ? modes.filter((mode) => !check.knownResources?.includes(mode.name)).map((mode) => mode.name) : [];
  const problems = [
    ...(unknown.length > 0
      ? [`This source has no resource named ${quoted(unknown.slice(0, 5))}${unknown.length > 5 ? ` and ${String(unknown.length - 5)} more` : ''}.`]
      : []),
    ...modes.filter((mode) => !unknown.includes(mode.name)).flatMap((mode) => problemsOf(mode, check)),
  ];
  if (problems.length > 0) throw new InvalidInput(problems.join(' '));
}
