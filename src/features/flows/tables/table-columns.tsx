import { Badge, Group, List, Stack, Table, Text } from '@mantine/core';
import type { ColumnInfo, SchemaChangeInfo } from '@/api/tables';
import { DateTime } from '@/components/date-time';

/** The table's columns and their types: as the destination keeps them, or (no load yet) as discovered in the source. */
export function ColumnList({ resource, columns, discovered }: { resource: string; columns: readonly ColumnInfo[]; discovered: boolean }) {
  return (
    <Stack gap={4}>
      <Text size="xs" c="dimmed">
        {discovered ? 'As discovered in the source: the table is made by its first load.' : 'As the destination keeps them, at the last load.'}
      </Text>
      <Table withRowBorders={false} verticalSpacing={2} horizontalSpacing="xs" aria-label={`Columns of ${resource}`} w="auto">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Column</Table.Th>
            <Table.Th>Type</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {columns.map((column) => (
            <Table.Tr key={column.name}>
              <Table.Td ff="monospace" fz="sm" style={{ wordBreak: 'break-all' }}>
                {column.name}
              </Table.Td>
              <Table.Td ff="monospace" fz="sm" c="dimmed">
                {column.type}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}

/** The last change of the table's columns, as a diff: added, removed (kept and left empty in new rows, when propagated), type changed. */
export function SchemaChangeDiff({ change, propagated }: { change: SchemaChangeInfo; propagated: boolean }) {
  return (
    <Stack gap={4} aria-label="Last schema change" role="group">
      <Group gap={6}>
        <Text size="sm" fw={500}>
          Last schema change
        </Text>
        <Text size="xs" c="dimmed">
          <DateTime value={change.at} />
        </Text>
      </Group>
      <List size="sm" spacing={2} listStyleType="none" ff="monospace">
        {change.added.map((column) => (
          <List.Item key={`+${column.name}`} c="teal">
            <Badge size="xs" color="teal" variant="light" mr={6}>
              added
            </Badge>
            {column.name} {column.type}
          </List.Item>
        ))}
        {change.removed.map((name) => (
          <List.Item key={`-${name}`} c="red">
            <Badge size="xs" color="red" variant="light" mr={6}>
              removed
            </Badge>
            {name}
            {propagated && (
              <Text span size="xs" c="dimmed" ff="inherit">
                {' '}
                (kept in the table, empty in new rows)
              </Text>
            )}
          </List.Item>
        ))}
        {change.changed.map((column) => (
          <List.Item key={`~${column.name}`} c="orange">
            <Badge size="xs" color="orange" variant="light" mr={6}>
              type changed
            </Badge>
            {column.name} {column.from} → {column.to}
          </List.Item>
        ))}
      </List>
    </Stack>
  );
}
