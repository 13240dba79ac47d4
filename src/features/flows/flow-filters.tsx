import { Group, Select } from '@mantine/core';
import { memo, useCallback } from 'react';
import { SortControl } from '@/components/sort-control';
import { FRESHNESS_STATES } from '@/api/freshness';
import { FRESHNESS_LABELS, RUN_STATE_LABELS } from '@/lib/run-status';
import { FlowsSearchField } from './flows-search-field';
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

const freshnessOptions = [{ value: 'all', label: 'Any freshness' }, ...FRESHNESS_STATES.map((state) => ({ value: state, label: FRESHNESS_LABELS[state] }))];

const sortOptions: { value: FlowsSearch['sort']; label: string }[] = [
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
  return (
    <Group gap="sm" mb="md" align="flex-end" wrap="wrap">
      <FlowsSearchField q={search.q} onQueryInput={onQueryInput} onCommit={commitQuery} />
      <ChoiceFilters
        schedule={search.schedule}
        status={search.status}
        freshness={search.freshness}
        sort={search.sort}
        dir={search.dir}
        onChange={onChange}
        showFreshness={showFreshness}
      />
    </Group>
  );
});

type Choices = Pick<FlowsSearch, 'schedule' | 'status' | 'freshness' | 'sort' | 'dir'>;

/** The filters besides the search, apart: the search reaching the URL draws none of them again. */
const ChoiceFilters = memo(function ChoiceFilters({
  schedule,
  status,
  freshness,
  sort,
  dir,
  onChange,
  showFreshness,
}: Choices & Pick<FlowFiltersProps, 'onChange' | 'showFreshness'>) {
  return (
    <>
      <Select
        label="Schedule"
        data={scheduleOptions}
        value={schedule}
        allowDeselect={false}
        onChange={(value) => {
          onChange({ schedule: (value ?? 'all') as FlowsSearch['schedule'] });
        }}
        w={220}
      />
      <Select
        label="Last attempt"
        data={statusOptions}
        value={status}
        allowDeselect={false}
        onChange={(value) => {
          onChange({ status: (value ?? 'all') as FlowsSearch['status'] });
        }}
        w={160}
      />
      {showFreshness && (
        <Select
          label="Freshness"
          data={freshnessOptions}
          value={freshness}
          allowDeselect={false}
          onChange={(value) => {
            onChange({ freshness: (value ?? 'all') as FlowsSearch['freshness'] });
          }}
          w={160}
        />
      )}
      <SortControl
        options={sortOptions}
        sort={sort}
        dir={dir}
        onChange={(patch) => {
          onChange(patch);
        }}
      />
    </>
  );
});
