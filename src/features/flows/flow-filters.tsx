import { Group } from '@mantine/core';
import { memo, useCallback } from 'react';
import { LookAlikeSelect } from '@/components/look-alike-select';
import { SortControl } from '@/components/sort-control';
import { FlowsSearchField } from './flows-search-field';
import type { FlowsSearch } from './flows-search';
import { freshnessOptions, scheduleOptions, sortOptions, statusOptions } from './flow-filter-options';

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
  // The Selects come on first use (LookAlikeSelect): the list's first rows never wait for them.
  return (
    <Group gap="sm" mb="md" align="flex-end" wrap="wrap">
      <FlowsSearchField q={search.q} onQueryInput={onQueryInput} onCommit={commitQuery} />
      <LookAlikeSelect
        label="Schedule"
        data={scheduleOptions}
        value={search.schedule}
        allowDeselect={false}
        onChange={(value) => {
          onChange({ schedule: (value ?? 'all') as FlowsSearch['schedule'] });
        }}
        w={220}
      />
      <LookAlikeSelect
        label="Last attempt"
        data={statusOptions}
        value={search.status}
        allowDeselect={false}
        onChange={(value) => {
          onChange({ status: (value ?? 'all') as FlowsSearch['status'] });
        }}
        w={160}
      />
      {showFreshness && (
        <LookAlikeSelect
          label="Freshness"
          data={freshnessOptions}
          value={search.freshness}
          allowDeselect={false}
          onChange={(value) => {
            onChange({ freshness: (value ?? 'all') as FlowsSearch['freshness'] });
          }}
          w={160}
        />
      )}
      <SortControl options={sortOptions} sort={search.sort} dir={search.dir} onChange={onChange} />
    </Group>
  );
});
