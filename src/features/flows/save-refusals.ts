import { ApiError, isApiError } from '@/api/errors';

// Where a save's refusal belongs on a form: the service refuses a flow's tables with one sentence per
// problem, joined (src/service-rules/table-modes.ts, table-claims.ts), and the user reads each beside the
// field it is about. A sentence no field owns stays above the buttons.

export type TablesField = 'namespace' | 'syncMode' | 'cursorField' | 'primaryKey';

export interface SaveRefusal {
  /** The service's sentences about each field. */
  fields: Partial<Record<TablesField, string>>;
  /** What no field owns, as the error to show above the buttons; null when every sentence found its field. */
  rest: ApiError | null;
}

/** Where one problem the service names starts (after the sentence before it). */
const PROBLEM_START = /(?<=\.)\s+(?=Resource “|The files destination|This source has|Flow “|namespace:)/;

function fieldOf(problem: string): TablesField | null {
  if (/already writes .+ in this destination|^namespace:/.test(problem)) return 'namespace';
  if (problem.includes('primary key')) return 'primaryKey';
  if (/cursor field|as a cursor/.test(problem)) return 'cursorField';
  if (/^Resource “|^The files destination|REST API source/.test(problem)) return 'syncMode';
  return null;
}

/**
 * The service's refusal of a save (400 or 409), sentence by sentence beside the field of `shown` it is
 * about; null for any other error.
 */
export function saveRefusal(error: unknown, shown: readonly TablesField[]): SaveRefusal | null {
  if (!isApiError(error) || (error.status !== 400 && error.status !== 409)) return null;
  const prefix = /^Bad Request:\s*/.exec(error.message)?.[0] ?? '';
  const problems = error.message.slice(prefix.length).split(PROBLEM_START);
  const fields: Partial<Record<TablesField, string>> = {};
  const rest: string[] = [];
  for (const problem of problems) {
    const field = fieldOf(problem);
    if (field && shown.includes(field)) fields[field] = fields[field] ? `${fields[field]} ${problem}` : problem;
    else rest.push(problem);
  }
  // Nothing found its field: the refusal is shown whole, as the service said it.
  if (rest.length === problems.length) return { fields, rest: error };
  return { fields, rest: rest.length > 0 ? new ApiError(error.kind, `${prefix}${rest.join(' ')}`, { status: error.status }) : null };
}
