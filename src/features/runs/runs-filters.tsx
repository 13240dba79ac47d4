import { Group, NativeSelect } from '@mantine/core';
import type { Flow } from '@/api/flows';
import type { Workflow } from '@/api/workflows';
import { flowName } from '@/lib/flow-name';
import { runStateLabel, triggerLabel } from '@/lib/run-status';
import { RUN_RANGES, RUN_SORTS, RUN_STATUS_FILTERS, RUN_TRIGGER_FILTERS, type RunRange, type RunSort, type RunsSearch } from './runs-search';

const SORT_LABELS: Record<RunSort, string> = { newest: 'Newest first', oldest: 'Oldest first' };

const RANGE_LABELS: Record<RunRange, string> = { all: 'Any time', '1h': 'Last hour', '24h': 'Last 24 hours', '7d': 'Last 7 days', '30d': 'Last 30 days' };

const statusLabel = (status: (typeof RUN_STATUS_FILTERS)[number]) =>
  status === 'all'
    ? 'Any status'
    : runStateLabel({
        lifecycle: status === 'pending' || status === 'running' ? status : 'not_running',
        disposition: status === 'succeeded' || status === 'failed' ? status : 'none',
      });

/** `flow:3`, `workflow:2`, or '' for everything: one choice of what ran. */
export function ownerValue(search: Pick<RunsSearch, 'flow' | 'workflow'>): string {
  if (search.flow !== undefined) return `flow:${String(search.flow)}`;
  if (search.workflow !== undefined) return `workflow:${String(search.workflow)}`;
  return '';
}

function ownerPatch(value: string): Pick<RunsSearch, 'flow' | 'workflow'> {
  const [kind, id] = value.split(':');
  const number = Number(id);
  if (kind === 'flow' && number > 0) return { flow: number, workflow: undefined };
  if (kind === 'workflow' && number > 0) return { flow: undefined, workflow: number };
  return { flow: undefined, workflow: undefined };
}

interface RunsFiltersProps {
  search: RunsSearch;
  flows: readonly Flow[];
  workflows: readonly Workflow[];
  onChange: (patch: Partial<RunsSearch>) => void;
}

export function RunsFilters({ search, flows, workflows, onChange }: RunsFiltersProps) {
  const owners = [
    { group: 'Flows', items: flows.map((flow) => ({ value: `flow:${String(flow.id)}`, label: flowName(flow) })) },
    { group: 'Workflows', items: workflows.map((workflow) => ({ value: `workflow:${String(workflow.id)}`, label: workflow.name })) },
  ];
  return (
    <Group gap="sm" mb="md" align="flex-end" wrap="wrap">
      <NativeSelect
        label="Status"
        w={150}
        value={search.status}
        data={RUN_STATUS_FILTERS.map((status) => ({ value: status, label: statusLabel(status) }))}
        onChange={(event) => {
          onChange({ status: event.currentTarget.value as RunsSearch['status'] });
        }}
      />
      <NativeSelect
        label="Trigger"
        w={150}
        value={search.trigger}
        data={RUN_TRIGGER_FILTERS.map((trigger) => ({ value: trigger, label: trigger === 'all' ? 'Any trigger' : triggerLabel(trigger) }))}
        onChange={(event) => {
          onChange({ trigger: event.currentTarget.value as RunsSearch['trigger'] });
        }}
      />
      <NativeSelect
        label="What ran"
        w={260}
        value={ownerValue(search)}
        data={[{ value: '', label: 'Every flow and workflow' }, ...owners]}
        onChange={(event) => {
          onChange(ownerPatch(event.currentTarget.value));
        }}
      />
      <NativeSelect
        label="Started"
        w={160}
        value={search.range}
        data={RUN_RANGES.map((range) => ({ value: range, label: RANGE_LABELS[range] }))}
        onChange={(event) => {
          onChange({ range: event.currentTarget.value as RunRange });
        }}
      />
      <NativeSelect
        label="Sort"
        w={150}
        value={search.sort}
        data={RUN_SORTS.map((sort) => ({ value: sort, label: SORT_LABELS[sort] }))}
        onChange={(event) => {
          onChange({ sort: event.currentTarget.value as RunSort });
        }}
      />
    </Group>
  );
}
