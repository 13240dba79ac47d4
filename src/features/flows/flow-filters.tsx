import { ActionIcon, Group, Select, TextInput, Tooltip } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { useState } from 'react';
import { RUN_STATE_LABELS } from '@/lib/run-status';
import type { FlowsSearch } from './flows-search';

const scheduleOptions = [
  { value: 'all', label: 'Any schedule' },
  { value: 'frequency', label: 'Every N hours or minutes' },
  { value: 'cron', label: 'Cron expression' },
  { value: 'manual', label: 'Manual only' },
  { value: 'paused', label: 'Paused' },
];

const statusOptions = [
  { value: 'all', label: 'Any status' },
  ...(['running', 'pending', 'failed', 'cancelled', 'succeeded', 'never'] as const).map((state) => ({ value: state, label: RUN_STATE_LABELS[state] })),
];

const sortOptions = [
  { value: 'name', label: 'Name' },
  { value: 'id', label: 'Id (creation order)' },
  { value: 'source', label: 'Source' },
  { value: 'destination', label: 'Destination' },
  { value: 'schedule', label: 'Schedule' },
];

interface FlowFiltersProps {
  search: FlowsSearch;
  /** What the rows filter by right now (typed text shows at once; the URL follows a moment later). */
  onQueryInput: (q: string) => void;
  onChange: (patch: Partial<FlowsSearch>) => void;
}

export function FlowFilters({ search, onQueryInput, onChange }: FlowFiltersProps) {
  const [text, setText] = useState(search.q);
  // Back and forward (or a shared link) change the URL under the field: the field follows.
  const [urlQ, setUrlQ] = useState(search.q);
  if (urlQ !== search.q) {
    setUrlQ(search.q);
    setText(search.q);
  }
  const writeUrl = useDebouncedCallback((q: string) => {
    onChange({ q });
  }, 300);

  return (
    <Group gap="sm" mb="md" align="flex-end" wrap="wrap">
      <TextInput
        label="Search"
        placeholder="Name, id, source, destination"
        value={text}
        onChange={(event) => {
          const q = event.currentTarget.value;
          setText(q);
          onQueryInput(q);
          writeUrl(q);
        }}
        w={280}
        type="search"
      />
      <Select
        label="Schedule"
        data={scheduleOptions}
        value={search.schedule}
        allowDeselect={false}
        onChange={(value) => {
          onChange({ schedule: (value ?? 'all') as FlowsSearch['schedule'] });
        }}
        w={220}
      />
      <Select
        label="Last attempt"
        data={statusOptions}
        value={search.status}
        allowDeselect={false}
        onChange={(value) => {
          onChange({ status: (value ?? 'all') as FlowsSearch['status'] });
        }}
        w={160}
      />
      <Group gap={4} align="flex-end">
        <Select
          label="Sort by"
          data={sortOptions}
          value={search.sort}
          allowDeselect={false}
          onChange={(value) => {
            onChange({ sort: (value ?? 'name') as FlowsSearch['sort'] });
          }}
          w={190}
        />
        <Tooltip label={search.dir === 'asc' ? 'Ascending: click for descending' : 'Descending: click for ascending'}>
          <ActionIcon
            variant="default"
            size={36}
            aria-label={search.dir === 'asc' ? 'Sort descending' : 'Sort ascending'}
            onClick={() => {
              onChange({ dir: search.dir === 'asc' ? 'desc' : 'asc' });
            }}
          >
            {search.dir === 'asc' ? '↑' : '↓'}
          </ActionIcon>
        </Tooltip>
      </Group>
    </Group>
  );
}
