import { ActionIcon, Group, Select, Tooltip } from '@mantine/core';

interface SortControlProps<S extends string> {
  options: readonly { value: S; label: string }[];
  sort: S;
  dir: 'asc' | 'desc';
  onChange: (patch: { sort?: S; dir?: 'asc' | 'desc' }) => void;
}

/** "Sort by" and the direction beside it, for the lists that keep both in the URL (flows, sources, destinations). */
export function SortControl<S extends string>({ options, sort, dir, onChange }: SortControlProps<S>) {
  return (
    <Group gap={4} align="flex-end">
      <Select
        label="Sort by"
        data={options}
        value={sort}
        allowDeselect={false}
        onChange={(value) => {
          const chosen = options.find((option) => option.value === value);
          if (chosen) onChange({ sort: chosen.value });
        }}
        w={190}
      />
      <Tooltip label={dir === 'asc' ? 'Ascending: click for descending' : 'Descending: click for ascending'}>
        <ActionIcon
          variant="default"
          size={36}
          aria-label={dir === 'asc' ? 'Sort descending' : 'Sort ascending'}
          onClick={() => {
            onChange({ dir: dir === 'asc' ? 'desc' : 'asc' });
          }}
        >
          {dir === 'asc' ? '↑' : '↓'}
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}
