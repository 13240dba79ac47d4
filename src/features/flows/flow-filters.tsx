import { ActionIcon, Group, TextInput } from '@mantine/core';
import { type Dispatch, type KeyboardEvent, memo, type SetStateAction, useCallback, useState } from 'react';
import { onDemand, useOnDemand } from '@/lib/on-demand';
import { FlowsSearchField } from './flows-search-field';
import type { FlowsSearch } from './flows-search';
import {
  type ChoiceFiltersProps,
  FILTER_FIELDS,
  type FilterField,
  freshnessOptions,
  optionLabel,
  scheduleOptions,
  sortOptions,
  statusOptions,
} from './flow-filter-options';

/** The Selects' chunk (Combobox, Popover, floating-ui, ScrollArea), fetched once; a later visit draws them at once. */
const choiceFilters = onDemand(() => import('./flow-choice-filters'));

/** The field the user reached before the Selects came, and whether they asked it to open. */
type Pending = { field: FilterField; open: boolean } | null;

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
  // The Selects come on first use: the pointer nearing the bar, a focus, a touch. Until then (and the list's
  // first rows never wait for them) the bar draws fields of the same size, label and value.
  // No Suspense: the look-alike stays (and keeps the focus) until the Selects are here, then they take its place.
  const [wanted, setWanted] = useState(false);
  const ChoiceFilters = useOnDemand(choiceFilters, wanted)?.ChoiceFilters;
  const [pending, setPending] = useState<Pending>(null);
  const want = useCallback(() => {
    setWanted(true);
  }, []);
  const choices = {
    schedule: search.schedule,
    status: search.status,
    freshness: search.freshness,
    sort: search.sort,
    dir: search.dir,
    onChange,
    showFreshness,
  };
  return (
    <Group gap="sm" mb="md" align="flex-end" wrap="wrap" onPointerEnter={want} onTouchStart={want} onFocus={want}>
      <FlowsSearchField q={search.q} onQueryInput={onQueryInput} onCommit={commitQuery} />
      {ChoiceFilters ? <ChoiceFilters {...choices} pending={pending} /> : <LookAlikeFilters {...choices} onWant={want} onPending={setPending} />}
    </Group>
  );
});

/**
 * Read-only fields in the Selects' place, each a combobox by name, label and value (so a screen reader and a
 * test find the same control before and after). A click, Enter, Space or an arrow key is remembered: the
 * Select that replaces the field takes the focus and opens.
 */
function LookAlikeFilters({
  schedule,
  status,
  freshness,
  sort,
  dir,
  onChange,
  showFreshness,
  onWant,
  onPending,
}: ChoiceFiltersProps & { onWant: () => void; onPending: Dispatch<SetStateAction<Pending>> }) {
  const field = (name: FilterField, options: readonly { value: string; label: string }[], value: string) => {
    const { label, width } = FILTER_FIELDS[name];
    const open = () => {
      onWant();
      onPending({ field: name, open: true });
    };
    return (
      <TextInput
        label={label}
        value={optionLabel(options, value)}
        readOnly
        role="combobox"
        aria-haspopup="listbox"
        aria-expanded={false}
        autoComplete="off"
        w={width}
        rightSection={<Chevron />}
        rightSectionPointerEvents="none"
        styles={{ input: { cursor: 'pointer' } }}
        onFocus={() => {
          onWant();
          // A click focuses after its mousedown asked to open: keep that.
          onPending((previous) => (previous?.field === name ? previous : { field: name, open: false }));
        }}
        onBlur={() => {
          onPending(null);
        }}
        onMouseDown={open}
        onKeyDown={(event: KeyboardEvent<HTMLInputElement>) => {
          if (event.key === 'Enter' || event.key === ' ' || event.key === 'ArrowDown' || event.key === 'ArrowUp') {
            event.preventDefault();
            open();
          }
        }}
      />
    );
  };
  return (
    <>
      {field('schedule', scheduleOptions, schedule)}
      {field('status', statusOptions, status)}
      {showFreshness && field('freshness', freshnessOptions, freshness)}
      <Group gap={4} align="flex-end">
        {field('sort', sortOptions, sort)}
        <ActionIcon
          variant="default"
          size={36}
          aria-label={dir === 'asc' ? 'Sort descending' : 'Sort ascending'}
          title={dir === 'asc' ? 'Ascending: click for descending' : 'Descending: click for ascending'}
          onClick={() => {
            onChange({ dir: dir === 'asc' ? 'desc' : 'asc' });
          }}
        >
          {dir === 'asc' ? '↑' : '↓'}
        </ActionIcon>
      </Group>
    </>
  );
}

/** Mantine's combobox chevron, drawn here so the look-alike needs nothing from the Combobox chunk. */
function Chevron() {
  return (
    <svg width={15} height={15} viewBox="0 0 15 15" fill="none" aria-hidden style={{ color: 'var(--mantine-color-gray-6)' }}>
      <path
        d="M4.93179 5.43179C4.75605 5.60753 4.75605 5.89245 4.93179 6.06819C5.10753 6.24392 5.39245 6.24392 5.56819 6.06819L7.49999 4.13638L9.43179 6.06819C9.60753 6.24392 9.89245 6.24392 10.0682 6.06819C10.2439 5.89245 10.2439 5.60753 10.0682 5.43179L7.81819 3.18179C7.73379 3.0974 7.61933 3.04999 7.49999 3.04999C7.38064 3.04999 7.26618 3.0974 7.18179 3.18179L4.93179 5.43179ZM10.0682 9.56819C10.2439 9.39245 10.2439 9.10753 10.0682 8.93179C9.89245 8.75606 9.60753 8.75606 9.43179 8.93179L7.49999 10.8636L5.56819 8.93179C5.39245 8.75606 5.10753 8.75606 4.93179 8.93179C4.75605 9.10753 4.75605 9.39245 4.93179 9.56819L7.18179 11.8182C7.26618 11.9026 7.38064 11.95 7.49999 11.95C7.61933 11.95 7.73379 11.9026 7.81819 11.8182L10.0682 9.56819Z"
        fill="currentColor"
        fillRule="evenodd"
        clipRule="evenodd"
      />
    </svg>
  );
}
