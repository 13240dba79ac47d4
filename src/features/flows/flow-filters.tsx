import { Group, Select } from '@mantine/core';
import { memo, useCallback } from 'react';
import { SortControl } from '@/components/sort-control';
import { FlowsSearchField } from './flows-search-field';
import type { FlowsSearch } from './flows-search';
import { freshnessOptions, scheduleOptions, sortOptions, statusOptions } from './flow-filter-options';

/** The choice filters: the URL's search field each sets, its options and its width. */
const CHOICES = [
  { key: 'schedule', label: 'Schedule', data: scheduleOptions, width: 220 },
  { key: 'status', label: 'Last attempt', data: statusOptions, width: 160 },
  { key: 'freshness', label: 'Freshness', data: freshnessOptions, width: 160 },
] as const;

interface FlowFiltersProps {
  search: FlowsSearch;
  /** What the rows filter by right now (typed text shows at once; the URL follows a moment later). */
  onQueryInput: (q: string) => void;
  onChange: (patch: Partial<FlowsSearch>) => void;
  /** False when the service does not report freshness. */
  showFreshness: boolean;
}

/** Memoised: its props hold still while the user types (the URL follows later), so a keystroke draws no Select. */
export const FlowFilters = memo(function FlowFilters({ search, onQueryInput, onChange, showFreshness }: FlowFiltersProps) {
  const commitQuery = useCallback(
    (q: string) => {
      onChange({ q });
    },
    [onChange],
  );
  // The Selects come on first use (Select): the list's first rows never wait for them.
  return (
    <Group gap="sm" mb="md" align="flex-end" wrap="wrap">
      <FlowsSearchField q={search.q} onQueryInput={onQueryInput} onCommit={commitQuery} />
      {CHOICES.filter((choice) => showFreshness || choice.key !== 'freshness').map(({ key, label, data, width }) => (
        <Select
          key={key}
          label={label}
          data={data}
          value={search[key]}
          allowDeselect={false}
          onChange={(value) => {
            onChange({ [key]: value ?? 'all' });
          }}
          w={width}
        />
      ))}
      <SortControl options={sortOptions} sort={search.sort} dir={search.dir} onChange={onChange} />
    </Group>
  );
});
