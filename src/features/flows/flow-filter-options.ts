import { FRESHNESS_STATES } from '@/api/freshness';
import { FRESHNESS_LABELS, RUN_STATE_LABELS } from '@/lib/run-status';
import type { FlowsSearch } from './flows-search';

// What the flows list's filter bar offers.

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
