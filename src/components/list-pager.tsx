import { Button, Group, Text } from '@mantine/core';

interface ListPagerProps {
  offset: number;
  limit: number;
  /** How many rows this page holds: the lists carry no total, so a short page is the last one. */
  count: number;
  /** All rows, where the list is known whole (read whole and paged here): the last page is then known too. */
  total?: number;
  onChange: (offset: number) => void;
}

/** Previous and next over a limit/offset list. */
export function ListPager({ offset, limit, count, total, onChange }: ListPagerProps) {
  const last = total === undefined ? count < limit : offset + count >= total;
  if (offset === 0 && last) return null;
  return (
    <Group justify="space-between" mt="sm">
      <Text size="sm" c="dimmed">
        {count === 0 ? 'No rows on this page' : `Rows ${String(offset + 1)}–${String(offset + count)}`}
      </Text>
      <Group gap="xs">
        <Button
          variant="default"
          size="xs"
          disabled={offset === 0}
          onClick={() => {
            onChange(Math.max(0, offset - limit));
          }}
        >
          Previous
        </Button>
        <Button
          variant="default"
          size="xs"
          disabled={last}
          onClick={() => {
            onChange(offset + limit);
          }}
        >
          Next
        </Button>
      </Group>
    </Group>
  );
}
