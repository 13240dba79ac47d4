import { Table, Text } from '@mantine/core';
import { observeElementRect, useVirtualizer } from '@tanstack/react-virtual';
import { useRef } from 'react';
import { AnchorLink } from '@/components/anchor-link';
import type { FlowRow } from './filter-flows';
import { FlowScheduleCell } from './flow-schedule-cell';
import { FlowStatusCell } from './flow-status-cell';

/** Rows drawn beyond the visible ones, so a short scroll shows no blank. */
const OVERSCAN = 8;
const ESTIMATED_ROW_PX = 52;
const FALLBACK_RECT = { width: 1200, height: 900 };

/**
 * Only the rows in view are in the DOM (and only they ask for their status), so 10,000 flows scroll like 20.
 * A real <table> with spacer rows keeps the table semantics screen readers and tests rely on.
 */
export function FlowsTable({ rows }: { rows: readonly FlowRow[] }) {
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
            <Table.Th w="28%">Name</Table.Th>
            <Table.Th w="17%">Source</Table.Th>
            <Table.Th w="17%">Destination</Table.Th>
            <Table.Th w="18%">Schedule</Table.Th>
            <Table.Th w="20%">Last attempt</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {top > 0 && (
            <tr aria-hidden="true">
              <td colSpan={5} style={{ height: top, padding: 0, border: 0 }} />
            </tr>
          )}
          {items.map((item) => {
            const row = rows[item.index];
            if (!row) return null;
            const { flow } = row;
            return (
              <Table.Tr key={item.key} data-index={item.index} ref={virtualizer.measureElement} aria-rowindex={item.index + 2}>
                <Table.Td>
                  <AnchorLink to="/flows/$flowId" params={{ flowId: String(flow.id) }} fw={500}>
                    {flow.displayName || `Flow ${String(flow.id)}`}
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
                  <FlowScheduleCell flow={flow} />
                </Table.Td>
                <Table.Td>
                  <FlowStatusCell flowId={flow.id} enabled={statusesEnabled} />
                </Table.Td>
              </Table.Tr>
            );
          })}
          {bottom > 0 && (
            <tr aria-hidden="true">
              <td colSpan={5} style={{ height: bottom, padding: 0, border: 0 }} />
            </tr>
          )}
        </Table.Tbody>
      </Table>
    </div>
  );
}
