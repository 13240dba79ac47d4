import { FRESHNESS_STATES } from '@/api/freshness';
import { FRESHNESS_LABELS, RUN_STATE_LABELS } from '@/lib/run-status';
import type { FlowsSearch } from './flows-search';

// What the filter bar offers, shared by the look-alike fields drawn first and the Selects that replace them.

export const scheduleOptions = [
  { value: 'all', label: 'Any schedule' },
  { value: 'frequency', label: 'Every N hours or minutes' },
  { value: 'cron', label: 'Cron expression' },
  { value: 'manual', label: 'Manual only' },
  { value: 'paused', label: 'Paused' },
];

export const statusOptions = [
  { value: 'all', label: 'Any status' },
  ...(['running', 'pending', 'failed', 'cancelled', 'succeeded', 'never'] as const).map((state) => ({ value: state, label: RUN_STATE_LABELS[state] })),
];

export const freshnessOptions = [
  { value: 'all', label: 'Any freshness' },
  ...FRESHNESS_STATES.map((state) => ({ value: state, label: FRESHNESS_LABELS[state] })),
];

export const sortOptions: { value: FlowsSearch['sort']; label: string }[] = [
  { value: 'name', label: 'Name' },
  { value: 'id', label: 'Id (creation order)' },
  { value: 'source', label: 'Source' },
  { value: 'destination', label: 'Destination' },
  { value: 'schedule', label: 'Schedule' },
];

export type FilterField = 'schedule' | 'status' | 'freshness' | 'sort';

/** Each field's label and width: the look-alike takes the Select's place exactly. */
export const FILTER_FIELDS: Record<FilterField, { label: string; width: number }> = {
  schedule: { label: 'Schedule', width: 220 },
  status: { label: 'Last attempt', width: 160 },
  freshness: { label: 'Freshness', width: 160 },
  // SortControl's own width.
  sort: { label: 'Sort by', width: 190 },
};

export type ChoiceFiltersProps = Pick<FlowsSearch, 'schedule' | 'status' | 'freshness' | 'sort' | 'dir'> & {
  onChange: (patch: Partial<FlowsSearch>) => void;
  /** False when the service does not report freshness. */
  showFreshness: boolean;
};

export function optionLabel(options: readonly { value: string; label: string }[], value: string): string {
  return options.find((option) => option.value === value)?.label ?? '';
}
