import { Anchor, Collapse, Table, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { attemptLabel } from '@/lib/attempt-numbers';
import { formatCount, formatDuration } from '@/lib/format';
import { RUN_STATE_LABELS } from '@/lib/run-status';
import { useDateFormat } from '@/lib/time-zone';
import linkClasses from './attempt-link.module.css';
import type { HistoryPoint } from './run-history-figures';

/** The run history's charts as a table, for a screen reader or whoever wants the numbers: hidden until asked for. */
export function HistoryTable({ points, onOpen }: { points: readonly HistoryPoint[]; onOpen: (attemptId: number) => void }) {
  const [opened, { toggle }] = useDisclosure(false);
  const format = useDateFormat();
  return (
    <>
      <Anchor component="button" type="button" size="xs" onClick={toggle} aria-expanded={opened} aria-controls="run-history-table" w="fit-content">
        {opened ? 'Hide the charts’ numbers' : 'Show the charts as a table'}
      </Anchor>
      <Collapse expanded={opened} id="run-history-table">
        {opened && (
          <Table striped fz="xs" aria-label="Run history as a table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Attempt</Table.Th>
                <Table.Th>Outcome</Table.Th>
                <Table.Th>Started</Table.Th>
                <Table.Th>Duration</Table.Th>
                <Table.Th>Rows loaded</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {[...points].reverse().map((point) => (
                <Table.Tr key={point.id}>
                  <Table.Td>
                    <UnstyledButton
                      className={linkClasses.link}
                      fz="xs"
                      onClick={() => {
                        onOpen(point.id);
                      }}
                      aria-label={`Open attempt ${attemptLabel(point.number)}`}
                    >
                      {attemptLabel(point.number)}
                    </UnstyledButton>
                  </Table.Td>
                  <Table.Td>{point.state === 'other' ? 'Other' : RUN_STATE_LABELS[point.state]}</Table.Td>
                  <Table.Td>{format.dateTime(point.createdAt)}</Table.Td>
                  <Table.Td>{point.durationMs === null ? '—' : formatDuration(point.durationMs)}</Table.Td>
                  <Table.Td>{formatCount(point.rowsLoaded)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Collapse>
    </>
  );
}
