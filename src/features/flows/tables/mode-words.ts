import { SYNC_MODES, type SyncMode } from '@/api/tables';

// The sync modes in plain words: a name and one line a newcomer can choose by, and what a re-sync or a reset
// does to a table kept in each mode. The service's own ids stay visible beside the names, since its
// messages use them.

export const MODE_WORDS: Record<SyncMode, { name: string; line: string }> = {
  full_refresh_overwrite: {
    name: 'Full refresh, overwrite',
    line: 'Every run reads all rows and replaces the table when it finishes.',
  },
  full_refresh_append: {
    name: 'Full refresh, append',
    line: 'Every run reads all rows and adds them: the table keeps a copy from each run.',
  },
  incremental_append: {
    name: 'Incremental, append',
    line: 'Each run reads only rows past the saved cursor and adds them.',
  },
  incremental_deduped: {
    name: 'Incremental, deduplicated',
    line: 'Each run reads only rows past the saved cursor; the table keeps one row per primary key, the newest.',
  },
};

const isKnown = (mode: string): mode is SyncMode => (SYNC_MODES as readonly string[]).includes(mode);

/** A mode's name; one the dashboard does not know is shown as it came. */
export const modeName = (mode: string) => (isKnown(mode) ? MODE_WORDS[mode].name : mode);
export const modeLine = (mode: string) => (isKnown(mode) ? MODE_WORDS[mode].line : '');

/** What a re-sync does to a table kept in `mode`, beyond replacing it. */
export function resyncWords(mode: string): string {
  switch (mode) {
    case 'full_refresh_append':
      return 'The copies earlier runs added are dropped: the table ends up holding the source’s rows once.';
    case 'incremental_append':
      return 'The rows earlier runs added are dropped: the table ends up holding the source’s rows once, and later runs add from the new cursor.';
    case 'incremental_deduped':
      return 'The table ends up holding the source’s rows, one per key: rows deleted in the source are gone from it too. Later runs merge from the new cursor.';
    default:
      return 'As every run of this mode does, the table ends up holding exactly the source’s rows.';
  }
}

/** What the next run does to a table kept in `mode` once its state is reset (`cursor`: the one forgotten). */
export function resetWords(mode: string, cursor: string | number | null): string {
  const forgotten = cursor === null ? 'It has no saved cursor yet' : `Its saved cursor (${String(cursor)}) is forgotten`;
  switch (mode) {
    case 'incremental_append':
      return `${forgotten}: the next run reads every row again and adds them, so the table will hold its rows plus all of them again. To start the table over instead, re-sync it.`;
    case 'incremental_deduped':
      return `${forgotten}: the next run reads every row again and replaces the table with them, one row per key.`;
    case 'full_refresh_append':
      return 'This mode keeps no cursor: the next run reads all rows and adds them, as every run does.';
    default:
      return 'This mode keeps no cursor: the next run reads all rows and replaces the table, as every run does.';
  }
}
