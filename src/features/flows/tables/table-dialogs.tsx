import { List, Stack, Text } from '@mantine/core';
import type { FlowTableState } from '@/api/tables';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { resetWords, resyncWords } from './mode-words';

/** What is asked: a re-sync or a reset, of one table or (null) of all. */
export interface TableAction {
  kind: 'resync' | 'reset';
  table: FlowTableState | null;
}

interface TableActionDialogProps {
  action: TableAction | null;
  /** Every table of the flow (what "all" means). */
  tables: readonly FlowTableState[];
  pending: boolean;
  error: unknown;
  onConfirm: (action: TableAction) => void;
  onClose: () => void;
}

const RESYNC_SAFETY = 'Until that run commits each table, readers see it as it is; if the run fails or is cancelled, the table stays as it is.';

function ResyncBody({ tables, all }: { tables: readonly FlowTableState[]; all: boolean }) {
  const [only] = tables;
  return (
    <Stack gap="xs">
      <Text size="sm">
        {all
          ? 'The saved cursor of every table is cleared and a run starts now that reads every resource in full and replaces each table when it finishes:'
          : `The saved cursor of ${only?.resource ?? ''} is cleared and a run starts now that reads it in full and replaces ${only?.table ?? ''} when it finishes. ${resyncWords(only?.syncMode ?? '')}`}
      </Text>
      {all && (
        <List size="sm" spacing={4} style={{ overflowWrap: 'anywhere' }} styles={{ itemWrapper: { maxWidth: '100%' } }}>
          {tables.map((table) => (
            <List.Item key={table.resource}>
              <Text span size="sm" ff="monospace">
                {table.table}
              </Text>
              : {resyncWords(table.syncMode)}
            </List.Item>
          ))}
        </List>
      )}
      <Text size="sm" c="dimmed">
        {RESYNC_SAFETY}
      </Text>
    </Stack>
  );
}

function ResetBody({ tables, all }: { tables: readonly FlowTableState[]; all: boolean }) {
  const [only] = tables;
  return (
    <Stack gap="xs">
      <Text size="sm">{all ? 'Nothing runs now, and every table keeps its rows.' : `Nothing runs now, and ${only?.table ?? ''} keeps its rows.`}</Text>
      {all ? (
        <List size="sm" spacing={4} style={{ overflowWrap: 'anywhere' }} styles={{ itemWrapper: { maxWidth: '100%' } }}>
          {tables.map((table) => (
            <List.Item key={table.resource}>
              <Text span size="sm" ff="monospace">
                {table.table}
              </Text>
              : {resetWords(table.syncMode, table.cursor)}
            </List.Item>
          ))}
        </List>
      ) : (
        <Text size="sm">{resetWords(only?.syncMode ?? '', only?.cursor ?? null)}</Text>
      )}
    </Stack>
  );
}

/**
 * The confirmation of a re-sync or a reset, for one table or all: it says exactly what happens to the data in
 * the destination for each table's mode, and stays open with the service's message when it is refused.
 */
export function TableActionDialog({ action, tables, pending, error, onConfirm, onClose }: TableActionDialogProps) {
  const all = action?.table === null;
  const shown = action?.table ? [action.table] : tables;
  const what = action?.table ? action.table.resource : 'all tables';
  const resync = action?.kind === 'resync';
  return (
    <ConfirmDialog
      opened={action !== null}
      title={resync ? `Re-sync ${what}?` : `Reset the state of ${what}?`}
      confirmLabel={resync ? (all ? 'Re-sync all' : 'Re-sync') : all ? 'Reset all' : 'Reset state'}
      keepLabel="Keep as it is"
      pending={pending}
      error={error}
      onClose={onClose}
      onConfirm={() => {
        if (action) onConfirm(action);
      }}
    >
      {resync ? <ResyncBody tables={shown} all={all} /> : <ResetBody tables={shown} all={all} />}
    </ConfirmDialog>
  );
}
