import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { PermittedButton } from '@/components/permitted';
import { usePermission } from '@/resources/identity';
import { Fragment } from 'react';
import type { ResourceProgress } from '@/api/flows';
import type { FlowTableState } from '@/api/tables';
import { isIncremental } from '@/api/tables';
import { DateTime } from '@/components/date-time';
import { TimeAgo } from '@/components/time-ago';
import { loadStage, loadWords } from '@/lib/load-words';
import type { ResourceFacts } from '@/service-rules/flow-tables';
import { modeName } from './mode-words';
import type { ModeChoice } from './table-choices';

// The pieces of one table's entry, drawn as a table row on wide screens and as a card on a phone.

/** One table a flow keeps, with what discovery told of its resource and the modes it may take (null until known). */
export interface TableEntryData {
  state: FlowTableState;
  facts: ResourceFacts | null;
  choices: readonly ModeChoice[] | null;
  /** What the flow's latest run did with it (null: that run did not load it, or there is none). */
  lastLoad: LastLoad | null;
}

/** A resource's counts in the flow's latest run, whether that run still goes, and when it ended. */
export interface LastLoad {
  counts: ResourceProgress;
  live: boolean;
  completedAt: string | null;
}

export interface EntryHandlers {
  columnsOpen: boolean;
  editing: boolean;
  /** A run is going: a re-sync would be refused. */
  running: boolean;
  onToggleColumns: () => void;
  onEdit: () => void;
  onResync: () => void;
  onReset: () => void;
}

/** An ISO 8601 date and time, as a date-time cursor is saved. */
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

export const detailsId = (resource: string) => `table-details-${resource.replace(/[^A-Za-z0-9_-]/g, '_')}`;

/** The resource, the table it lands in, its columns (a toggle) and a mark when its columns changed. */
export function TargetCell({ entry, handlers }: { entry: TableEntryData; handlers: EntryHandlers }) {
  const { state, facts } = entry;
  const columns = state.columns ?? facts?.columns ?? [];
  return (
    <Stack gap={2} align="flex-start">
      <Text fw={600} size="sm" style={{ wordBreak: 'break-word' }}>
        {state.resource}
      </Text>
      <Text size="xs" ff="monospace" c="dimmed" style={{ overflowWrap: 'anywhere' }} aria-label={`Target table ${state.table}`}>
        <BreakAfterDots text={state.table} />
      </Text>
      <Group gap={6}>
        <Button
          variant="subtle"
          size="compact-xs"
          px={4}
          onClick={handlers.onToggleColumns}
          aria-expanded={handlers.columnsOpen}
          aria-controls={detailsId(state.resource)}
          aria-label={`${handlers.columnsOpen ? 'Hide' : 'Show'} the columns of ${state.resource}`}
          disabled={columns.length === 0 && !state.schemaChange}
        >
          {columns.length === 0 ? 'No columns known yet' : `${String(columns.length)} columns`}
        </Button>
        {state.schemaChange && (
          <Badge size="xs" color="orange" variant="light">
            Columns changed
          </Badge>
        )}
      </Group>
    </Stack>
  );
}

/** A qualified name that may wrap after each dot (between namespace and table) before it wraps anywhere. */
function BreakAfterDots({ text }: { text: string }) {
  const parts = text.split('.');
  return parts.map((part, index) => (
    <Fragment key={index}>
      {part}
      {index < parts.length - 1 && (
        <>
          .<wbr />
        </>
      )}
    </Fragment>
  ));
}

export function ModeCell({ state }: { state: FlowTableState }) {
  return (
    <Stack gap={0}>
      <Text size="sm">{modeName(state.syncMode)}</Text>
      <Text size="xs" c="dimmed" ff="monospace">
        {state.syncMode}
      </Text>
    </Stack>
  );
}

export function CursorFieldCell({ state }: { state: FlowTableState }) {
  if (!isIncremental(state.syncMode))
    return (
      <Text size="sm" c="dimmed">
        Not used
      </Text>
    );
  return (
    <Text size="sm" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
      {state.cursorField ?? '—'}
    </Text>
  );
}

/** The key the flow chose, or the table's own (which discovery tells). */
export function KeyCell({ entry }: { entry: TableEntryData }) {
  const chosen = entry.state.primaryKey;
  const own = entry.facts?.primaryKey ?? null;
  const key = chosen ?? own;
  if (!key)
    return (
      <Text size="sm" c="dimmed">
        None
      </Text>
    );
  return (
    <Stack gap={0}>
      <Text size="sm" ff="monospace" style={{ wordBreak: 'break-word' }}>
        {key.join(', ')}
      </Text>
      {!chosen && (
        <Text size="xs" c="dimmed">
          the table’s own
        </Text>
      )}
    </Stack>
  );
}

/** The cursor the next incremental run starts after, and when it last advanced. */
export function SavedCursorCell({ state }: { state: FlowTableState }) {
  if (!isIncremental(state.syncMode))
    return (
      <Text size="sm" c="dimmed">
        Not used by this mode
      </Text>
    );
  if (state.cursor === null)
    return (
      <Text size="sm" c="dimmed">
        None yet: the next run reads every row
      </Text>
    );
  const instant = typeof state.cursor === 'string' && ISO_INSTANT.test(state.cursor);
  return (
    <Stack gap={0}>
      {/* A date-time cursor is told in the chosen zone; the value as saved is its title. */}
      <Text size="sm" ff={instant ? undefined : 'monospace'} style={{ wordBreak: 'break-word' }} title={String(state.cursor)}>
        {instant ? <DateTime value={state.cursor} precision="minutes" /> : String(state.cursor)}
      </Text>
      <Text size="xs" c="dimmed">
        advanced <TimeAgo iso={state.updatedAt} size="xs" />
      </Text>
    </Stack>
  );
}

/** Edit, Re-sync and Reset state of one table; `stacked`: one under the other, in a narrow table column. */
export function EntryActions({ entry, handlers, stacked = false }: { entry: TableEntryData; handlers: EntryHandlers; stacked?: boolean }) {
  const { resource } = entry.state;
  const may = { edit: usePermission('updateFlow'), resync: usePermission('resyncFlow'), reset: usePermission('resetFlowState') };
  const buttons = (
    <>
      <PermittedButton
        permission={may.edit}
        size="compact-sm"
        variant="default"
        onClick={handlers.onEdit}
        aria-expanded={handlers.editing}
        aria-label={`Edit how ${resource} is kept`}
      >
        Edit
      </PermittedButton>
      <PermittedButton
        permission={may.resync}
        size="compact-sm"
        variant="default"
        onClick={handlers.onResync}
        disabled={handlers.running}
        aria-label={`Re-sync ${resource}`}
      >
        Re-sync
      </PermittedButton>
      <PermittedButton
        permission={may.reset}
        size="compact-sm"
        variant="subtle"
        color="red"
        onClick={handlers.onReset}
        aria-label={`Reset the state of ${resource}`}
      >
        Reset state
      </PermittedButton>
    </>
  );
  return stacked ? (
    <Stack gap={4} align="stretch">
      {buttons}
    </Stack>
  ) : (
    <Group gap={6} justify="flex-end" wrap="wrap">
      {buttons}
    </Group>
  );
}

/** The rows the latest run kept in the table (or wrote, while it goes), and when. */
export function LastLoadCell({ load }: { load: LastLoad | null }) {
  if (!load)
    return (
      <Text size="sm" c="dimmed">
        Not loaded by the last run
      </Text>
    );
  const stage = loadStage(load.counts, load.live);
  return (
    <Stack gap={0}>
      <Text size="sm" c={stage === 'rolled_back' ? 'red' : undefined}>
        {loadWords(load.counts, load.live)}
      </Text>
      {!load.live && load.completedAt && (
        <Text size="xs" c="dimmed">
          <TimeAgo iso={load.completedAt} size="xs" />
        </Text>
      )}
    </Stack>
  );
}
