import { Checkbox, Stack, Table, Text } from '@mantine/core';
import { observeElementRect, useVirtualizer } from '@tanstack/react-virtual';
import { useRef } from 'react';
import { AnchorLink } from '@/components/anchor-link';
import { PausedBadge } from '@/components/paused-badge';
import { ScheduleLabel } from '@/components/schedule-label';
import { scheduleOf } from '@/lib/schedule';
import type { FlowRow } from './filter-flows';
import { FlowStatusCell } from './flow-status-cell';
import { flowName } from '@/lib/flow-name';

/** Rows drawn beyond the visible ones, so a short scroll shows no blank. */
const OVERSCAN = 8;
const ESTIMATED_ROW_PX = 52;
const FALLBACK_RECT = { width: 1200, height: 900 };

/**
 * Only the rows in view are in the DOM (and only they ask for their status), so 10,000 flows scroll like 20.
 * A real <table> with spacer rows keeps the table semantics screen readers and tests rely on.
 */
export interface FlowSelection {
  selected: ReadonlySet<number>;
  toggle: (flowId: number) => void;
  /** Selects every listed row (the filters' result, not only those drawn), or none when all are. */
  toggleAll: () => void;
}

export function FlowsTable({ rows, selection }: { rows: readonly FlowRow[]; selection: FlowSelection }) {
  const scrollRef = useRef<HTMLDivElement>(null);
  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualizer re-renders this component itself; nothing here is memoised
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ESTIMATED_ROW_PX,
    overscan: OVERSCAN,
    getItemKey: (index) => rows[index]?.flow.id ?? index,
    // A container not laid out yet (or jsdom, which lays out nothing) measures 0: assume a screenful of rows.
    initialRect: FALLBACK_RECT,
    observeElementRect: (instance, callback) =>
      observeElementRect(instance, (rect) => {
        callback(rect.height > 0 ? rect : FALLBACK_RECT);
      }),
  });
  const items = virtualizer.getVirtualItems();
  const top = items[0]?.start ?? 0;
  const bottom = virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0);
  const statusesEnabled = !virtualizer.isScrolling;
  const selectedCount = rows.filter((row) => selection.selected.has(row.flow.id)).length;

  return (
    <div
      ref={scrollRef}
      tabIndex={0}
      role="region"
      aria-label="Flows, scrollable"
      style={{ height: 'max(360px, calc(100dvh - 300px))', overflow: 'auto', contain: 'strict' }}
    >
      <Table stickyHeader highlightOnHover layout="fixed" miw={900} aria-rowcount={rows.length + 1}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={44}>
              <Checkbox
                aria-label={`Select all ${String(rows.length)} listed flows`}
                checked={rows.length > 0 && selectedCount === rows.length}
                indeterminate={selectedCount > 0 && selectedCount < rows.length}
                onChange={selection.toggleAll}
              />
            </Table.Th>
            <Table.Th w="26%">Name</Table.Th>
            <Table.Th w="17%">Source</Table.Th>
            <Table.Th w="17%">Destination</Table.Th>
            <Table.Th w="18%">Schedule</Table.Th>
            <Table.Th w="20%">Last attempt</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {top > 0 && (
            <tr aria-hidden="true">
              <td colSpan={6} style={{ height: top, padding: 0, border: 0 }} />
            </tr>
          )}
          {items.map((item) => {
            const row = rows[item.index];
            if (!row) return null;
            const { flow } = row;
            return (
              <Table.Tr key={item.key} data-index={item.index} ref={virtualizer.measureElement} aria-rowindex={item.index + 2}>
                <Table.Td>
                  <Checkbox
                    aria-label={`Select ${flowName(flow)}`}
                    checked={selection.selected.has(flow.id)}
                    onChange={() => {
                      selection.toggle(flow.id);
                    }}
                  />
                </Table.Td>
                <Table.Td>
                  <AnchorLink to="/flows/$flowId" params={{ flowId: String(flow.id) }} fw={500}>
                    {flowName(flow)}
                  </AnchorLink>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" truncate="end" title={row.sourceName}>
                    {row.sourceName}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" truncate="end" title={row.destinationName}>
                    {row.destinationName}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Stack gap={4} align="flex-start">
                    <ScheduleLabel schedule={scheduleOf(flow)} />
                    {flow.paused && <PausedBadge size="sm" />}
                  </Stack>
                </Table.Td>
                <Table.Td>
                  <FlowStatusCell flowId={flow.id} enabled={statusesEnabled} />
                </Table.Td>
              </Table.Tr>
            );
          })}
          {bottom > 0 && (
            <tr aria-hidden="true">
              <td colSpan={6} style={{ height: bottom, padding: 0, border: 0 }} />
            </tr>
          )}
        </Table.Tbody>
      </Table>
    </div>
  );
}
