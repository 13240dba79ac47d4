import { Select } from '@mantine/core';
import { memo, useEffect, useRef } from 'react';
import { SortControl } from '@/components/sort-control';
import { type ChoiceFiltersProps, FILTER_FIELDS, type FilterField, freshnessOptions, scheduleOptions, sortOptions, statusOptions } from './flow-filter-options';

/**
 * The Mantine Selects of the flows list (Combobox, Popover, floating-ui, ScrollArea): a chunk of their own,
 * fetched on first use while the filter bar draws look-alike fields (flow-filters.tsx). `pending` is the field
 * the user reached before they came: it gets the focus, and opens if it was clicked or asked to open.
 */
export const ChoiceFilters = memo(function ChoiceFilters({
  schedule,
  status,
  freshness,
  sort,
  dir,
  onChange,
  showFreshness,
  pending,
}: ChoiceFiltersProps & { pending: { field: FilterField; open: boolean } | null }) {
  const group = useRef<HTMLDivElement>(null);
  // Only on arrival: the field the user was on keeps the focus the look-alike had.
  const arrival = useRef(pending);
  useEffect(() => {
    const field = arrival.current?.field;
    if (!field) return;
    const input = group.current?.querySelector<HTMLInputElement>(`input[data-filter="${field}"]`);
    input?.focus();
  }, []);
  const opened = (field: FilterField) => (arrival.current?.field === field && arrival.current.open ? true : undefined);
  return (
    <div ref={group} style={{ display: 'contents' }}>
      <Select
        label={FILTER_FIELDS.schedule.label}
        data={scheduleOptions}
        value={schedule}
        allowDeselect={false}
        defaultDropdownOpened={opened('schedule')}
        data-filter="schedule"
        onChange={(value) => {
          onChange({ schedule: (value ?? 'all') as ChoiceFiltersProps['schedule'] });
        }}
        w={FILTER_FIELDS.schedule.width}
      />
      <Select
        label={FILTER_FIELDS.status.label}
        data={statusOptions}
        value={status}
        allowDeselect={false}
        defaultDropdownOpened={opened('status')}
        data-filter="status"
        onChange={(value) => {
          onChange({ status: (value ?? 'all') as ChoiceFiltersProps['status'] });
        }}
        w={FILTER_FIELDS.status.width}
      />
      {showFreshness && (
        <Select
          label={FILTER_FIELDS.freshness.label}
          data={freshnessOptions}
          value={freshness}
          allowDeselect={false}
          defaultDropdownOpened={opened('freshness')}
          data-filter="freshness"
          onChange={(value) => {
            onChange({ freshness: (value ?? 'all') as ChoiceFiltersProps['freshness'] });
          }}
          w={FILTER_FIELDS.freshness.width}
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
    </div>
  );
});
