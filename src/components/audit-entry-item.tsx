import { Group, List, Stack, Text } from '@mantine/core';
import type { AuditEntry } from '@/api/audit';
import { changeLines, entrySentence } from '@/lib/audit-words';
import { DateTime } from './date-time';

/** One audit entry, readable: the sentence, then each changed field when there are several, when and from where. */
export function AuditEntryItem({ entry }: { entry: AuditEntry }) {
  // A creation's fields all start from nothing, a deletion's all end there: the sentence says enough.
  const changes = Object.values(entry.changes ?? {});
  const whole = changes.every(({ before }) => before === null || before === undefined) || changes.every(({ after }) => after === null || after === undefined);
  const lines = whole ? [] : changeLines(entry.changes);
  return (
    <Stack gap={2} component="li" py="xs" style={{ listStyle: 'none', borderBottom: '1px solid var(--mantine-color-default-border)' }}>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {entrySentence(entry)}
      </Text>
      {lines.length > 1 && (
        <List size="xs" spacing={0} c="dimmed" aria-label="Changes">
          {lines.map((line) => (
            <List.Item key={line.field}>
              {line.field}: {line.text}
            </List.Item>
          ))}
        </List>
      )}
      <Group gap={6} wrap="wrap">
        <Text size="xs" c="dimmed">
          <DateTime value={entry.at} />
        </Text>
        {entry.address && (
          <Text size="xs" c="dimmed">
            from {entry.address}
          </Text>
        )}
      </Group>
    </Stack>
  );
}
