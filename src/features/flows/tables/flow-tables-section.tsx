import { Alert, Card, Group, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { PermittedButton } from '@/components/permitted';
import { usePermission } from '@/resources/identity';
import { useQuery } from '@tanstack/react-query';
import { Fragment, lazy, type ReactNode, Suspense, useState } from 'react';
import type { Flow, RunAttempt } from '@/api/flows';
import { isApiError } from '@/api/errors';
import { ErrorState } from '@/components/error-state';
import { isRunActive } from '@/lib/run-status';
import { useStackedLayout } from '@/components/responsive-table/use-stacked-layout';
import { BlockSkeleton } from '@/components/skeletons';
import { resourceFacts } from '@/service-rules/flow-tables';
import { destinationQueries } from '@/resources/destinations';
import { flowStateQueries, useRefetchStateOnRun, useResetFlowState, useResyncFlow } from '@/resources/flow-state';
import { sourceQueries } from '@/resources/sources';
import { ColumnList, SchemaChangeDiff } from './table-columns';
import { draftOf, modeChoices, type TableEnds } from './table-choices';
import { type TableAction, TableActionDialog } from './table-dialogs';
import {
  CursorFieldCell,
  detailsId,
  EntryActions,
  type EntryHandlers,
  KeyCell,
  type LastLoad,
  LastLoadCell,
  ModeCell,
  SavedCursorCell,
  type TableEntryData,
  TargetCell,
} from './table-entry';

// The mode editor (its pickers and the save rules) is fetched when a table is first edited, not with the flow page.
const TableModeEditor = lazy(async () => ({ default: (await import('./table-mode-editor')).TableModeEditor }));

interface FlowTablesSectionProps {
  flow: Flow;
  /** The newest attempt (undefined while unknown): the state is read again when a run starts or ends. */
  latest: RunAttempt | null | undefined;
  running: boolean | null;
}

/** The tables' ends: which source and destination, and what their specs can honour. */
function useTableEnds(flow: Flow): TableEnds | null {
  const source = useQuery(sourceQueries.detail(flow.source)).data;
  const destination = useQuery(destinationQueries.detail(flow.destination)).data;
  if (!source || !destination) return null;
  return {
    sourceSpec: source.sourceSpec.name,
    sourceProperties: source.properties,
    destinationSpec: destination.destinationSpec.name,
  };
}

/** What the latest run did with a resource's table. */
function lastLoadOf(latest: RunAttempt | null | undefined, resource: string): LastLoad | null {
  const counts = latest?.resources.find((each) => each.name === resource);
  if (!latest || !counts) return null;
  return { counts, live: isRunActive(latest), completedAt: latest.completedAt };
}

/**
 * The Tables section of a flow's page: one entry per resource the flow loads, with the table it lands in, its
 * columns, its mode, cursor field and key (edited in place), the saved cursor and when it advanced; Re-sync and
 * Reset state per table and for all, each confirmed with what happens to the data.
 */
export function FlowTablesSection({ flow, latest, running }: FlowTablesSectionProps) {
  const state = useQuery(flowStateQueries.state(flow.id));
  useRefetchStateOnRun(flow.id, latest);
  const resolvers = useQuery(sourceQueries.resolvers(flow.source)).data?.resolvers;
  const ends = useTableEnds(flow);
  const stacked = useStackedLayout();
  const [columnsOpen, setColumnsOpen] = useState<ReadonlySet<string>>(new Set());
  const [editing, setEditing] = useState<string | null>(null);
  const [action, setAction] = useState<TableAction | null>(null);
  const resync = useResyncFlow(flow.id);
  const reset = useResetFlowState(flow.id);
  const [done, setDone] = useState<string | null>(null);
  // A service without flow tables (the hosted interface, behind the proxy) answers 404: nothing to show.
  const unsupported = isApiError(state.error, 'not_found');

  const entries: TableEntryData[] = (state.data ?? []).map((table) => {
    const facts = resolvers ? resourceFacts(resolvers, table.resource) : null;
    return { state: table, facts, choices: ends ? modeChoices(ends, facts) : null, lastLoad: lastLoadOf(latest, table.resource) };
  });
  const isRunning = running === true;
  const mayResync = usePermission('resyncFlow');
  const mayReset = usePermission('resetFlowState');
  const handlersOf = (resource: string): EntryHandlers => ({
    columnsOpen: columnsOpen.has(resource),
    editing: editing === resource,
    running: isRunning,
    onToggleColumns: () => {
      setColumnsOpen((open) => {
        const next = new Set(open);
        if (next.has(resource)) next.delete(resource);
        else next.add(resource);
        return next;
      });
    },
    onEdit: () => {
      setEditing((current) => (current === resource ? null : resource));
    },
    onResync: () => {
      open({ kind: 'resync', table: state.data?.find((table) => table.resource === resource) ?? null });
    },
    onReset: () => {
      open({ kind: 'reset', table: state.data?.find((table) => table.resource === resource) ?? null });
    },
  });
  const open = (next: TableAction) => {
    resync.reset();
    reset.reset();
    setDone(null);
    setAction(next);
  };
  const confirm = (asked: TableAction) => {
    const resource = asked.table?.resource;
    const mutation = asked.kind === 'resync' ? resync : reset;
    mutation.mutate(resource, {
      onSuccess: (answer) => {
        setAction(null);
        setDone(
          asked.kind === 'resync' ? 'Re-sync started: the run reads in full and replaces the tables when it finishes.' : (answer.message ?? 'State reset.'),
        );
      },
    });
  };

  const details = (entry: TableEntryData) => (
    <EntryDetails
      flowId={flow.id}
      entry={entry}
      flow={flow}
      handlers={handlersOf(entry.state.resource)}
      onDone={() => {
        setEditing(null);
      }}
    />
  );

  if (unsupported) return null;
  return (
    <Card withBorder padding="lg" mb="lg" component="section" aria-labelledby="tables-title">
      <Group justify="space-between" align="flex-start" mb="xs" gap="xs">
        <Title order={2} size="h4" id="tables-title">
          Tables
        </Title>
        <Group gap="xs">
          <PermittedButton
            permission={mayResync}
            size="xs"
            variant="default"
            disabled={isRunning || !state.data?.length}
            onClick={() => {
              open({ kind: 'resync', table: null });
            }}
          >
            Re-sync all
          </PermittedButton>
          <PermittedButton
            permission={mayReset}
            size="xs"
            variant="subtle"
            color="red"
            disabled={!state.data?.length}
            onClick={() => {
              open({ kind: 'reset', table: null });
            }}
          >
            Reset all state
          </PermittedButton>
        </Group>
      </Group>
      <Text size="sm" c="dimmed" mb="sm">
        Each resource the flow loads lands in a table of its own in the destination. Choose how each run keeps it in sync.
      </Text>
      {isRunning && (
        <Text size="sm" mb="sm" role="note">
          A run is going: re-sync waits until it ends.
        </Text>
      )}
      {done && (
        <Alert
          color="green"
          variant="light"
          withCloseButton
          closeButtonLabel="Dismiss"
          onClose={() => {
            setDone(null);
          }}
          role="status"
          mb="sm"
        >
          {done}
        </Alert>
      )}
      {state.data ? (
        entries.length === 0 ? (
          <Text size="sm">This flow loads no resource yet: its source has none turned on, or has not been discovered.</Text>
        ) : stacked ? (
          <TableCards entries={entries} handlersOf={handlersOf} details={details} />
        ) : (
          <TablesTable entries={entries} handlersOf={handlersOf} details={details} />
        )
      ) : state.error ? (
        <ErrorState error={state.error} onRetry={() => void state.refetch()} />
      ) : (
        <BlockSkeleton label="Loading the tables" rows={3} />
      )}
      <TableActionDialog
        action={action}
        tables={state.data ?? []}
        pending={resync.isPending || reset.isPending}
        error={action?.kind === 'resync' ? resync.error : reset.error}
        onConfirm={confirm}
        onClose={() => {
          setAction(null);
        }}
      />
    </Card>
  );
}

interface LayoutProps {
  entries: readonly TableEntryData[];
  handlersOf: (resource: string) => EntryHandlers;
  details: (entry: TableEntryData) => ReactNode;
}

const HEADERS = [
  { label: 'Table', width: '22%' },
  { label: 'Mode', width: '18%' },
  { label: 'Cursor field', width: '11%' },
  { label: 'Primary key', width: '9%' },
  { label: 'Saved cursor', width: '14%' },
  { label: 'Last run', width: '12%' },
] as const;

/** Wide screens: a row per table, its columns and its editor opened below it. */
function TablesTable({ entries, handlersOf, details }: LayoutProps) {
  return (
    <Table.ScrollContainer minWidth={920}>
      <Table aria-label="Tables of this flow" verticalSpacing="sm" style={{ tableLayout: 'fixed' }}>
        <Table.Thead>
          <Table.Tr>
            {HEADERS.map((header) => (
              <Table.Th key={header.label} w={header.width}>
                {header.label}
              </Table.Th>
            ))}
            <Table.Th w="14%">
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {entries.map((entry) => {
            const handlers = handlersOf(entry.state.resource);
            return (
              <Fragment key={entry.state.resource}>
                <Table.Tr>
                  <Table.Td>
                    <TargetCell entry={entry} handlers={handlers} />
                  </Table.Td>
                  <Table.Td>
                    <ModeCell state={entry.state} />
                  </Table.Td>
                  <Table.Td>
                    <CursorFieldCell state={entry.state} />
                  </Table.Td>
                  <Table.Td>
                    <KeyCell entry={entry} />
                  </Table.Td>
                  <Table.Td>
                    <SavedCursorCell state={entry.state} />
                  </Table.Td>
                  <Table.Td>
                    <LastLoadCell load={entry.lastLoad} />
                  </Table.Td>
                  <Table.Td>
                    <EntryActions entry={entry} handlers={handlers} stacked />
                  </Table.Td>
                </Table.Tr>
                {(handlers.columnsOpen || handlers.editing) && (
                  <Table.Tr>
                    <Table.Td colSpan={7} bg="var(--mantine-color-default-hover)">
                      {details(entry)}
                    </Table.Td>
                  </Table.Tr>
                )}
              </Fragment>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text component="dt" size="xs" c="dimmed">
        {label}
      </Text>
      <Text component="dd" size="sm" m={0}>
        {children}
      </Text>
    </div>
  );
}

/** A phone: a card per table, its fields one under the other, nothing squeezed. */
function TableCards({ entries, handlersOf, details }: LayoutProps) {
  return (
    <Stack component="ul" aria-label="Tables of this flow" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
      {entries.map((entry) => {
        const handlers = handlersOf(entry.state.resource);
        return (
          <li key={entry.state.resource}>
            <Card withBorder padding="sm" radius="md">
              <Stack gap="xs">
                <TargetCell entry={entry} handlers={handlers} />
                <Stack component="dl" gap={6} m={0}>
                  <Field label="Mode">
                    <ModeCell state={entry.state} />
                  </Field>
                  <Field label="Cursor field">
                    <CursorFieldCell state={entry.state} />
                  </Field>
                  <Field label="Primary key">
                    <KeyCell entry={entry} />
                  </Field>
                  <Field label="Saved cursor">
                    <SavedCursorCell state={entry.state} />
                  </Field>
                  <Field label="Last run">
                    <LastLoadCell load={entry.lastLoad} />
                  </Field>
                </Stack>
                {(handlers.columnsOpen || handlers.editing) && details(entry)}
                <EntryActions entry={entry} handlers={handlers} />
              </Stack>
            </Card>
          </li>
        );
      })}
    </Stack>
  );
}

/** Below an entry: its editor, its columns and its last schema change. */
function EntryDetails({
  flowId,
  flow,
  entry,
  handlers,
  onDone,
}: {
  flowId: number;
  flow: Flow;
  entry: TableEntryData;
  handlers: EntryHandlers;
  onDone: () => void;
}) {
  const { state, facts, choices } = entry;
  const columns = state.columns ?? facts?.columns ?? [];
  return (
    <Stack gap="md" id={detailsId(state.resource)}>
      {handlers.editing &&
        (choices ? (
          <Suspense fallback={<BlockSkeleton label="Loading the table's editor" rows={2} />}>
            <TableModeEditor flowId={flowId} resource={state.resource} initial={draftOf(state)} facts={facts} choices={choices} onDone={onDone} />
          </Suspense>
        ) : (
          <BlockSkeleton label="Loading what the source and destination can do" rows={2} />
        ))}
      {handlers.columnsOpen && (
        <Group align="flex-start" gap="xl">
          {columns.length > 0 && <ColumnList resource={state.resource} columns={columns} discovered={state.columns === null} />}
          {state.schemaChange && <SchemaChangeDiff change={state.schemaChange} propagated={flow.schemaChanges === 'propagate'} />}
        </Group>
      )}
    </Stack>
  );
}
