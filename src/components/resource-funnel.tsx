import { Group, Progress, Stack, Text } from '@mantine/core';
import type { ResourceProgress } from '@/api/flows';
import { formatCount } from '@/lib/format';
import { loadStage, loadWords } from '@/lib/load-words';
import { type Column, ResponsiveTable } from './responsive-table/responsive-table';
import { RunErrors } from './run-errors';

const STAGES = [
  { key: 'extracted', label: 'Extracted', color: 'blue' },
  { key: 'analyzed', label: 'Analyzed', color: 'violet' },
  { key: 'loaded', label: 'Loaded', color: 'teal' },
] as const;

/** Each stage as a share of what was extracted: a resource that stalls shows a short bar where it stalls. */
export function stageShare(resource: Pick<ResourceProgress, 'extracted' | 'analyzed' | 'loaded'>, stage: (typeof STAGES)[number]['key']): number {
  if (resource.extracted <= 0) return 0;
  return Math.min(100, (resource[stage] / resource.extracted) * 100);
}

function StageBar({ resource, stage }: { resource: ResourceProgress; stage: (typeof STAGES)[number] }) {
  const share = stageShare(resource, stage.key);
  return (
    <Group gap="xs" wrap="nowrap">
      <Progress
        value={stage.key === 'extracted' && resource.extracted > 0 ? 100 : share}
        color={stage.color}
        size="lg"
        radius="sm"
        style={{ flex: 1, minWidth: 80 }}
        aria-label={`${resource.name}: ${stage.label.toLowerCase()} ${formatCount(resource[stage.key])} rows`}
      />
      <Text size="xs" ff="monospace" w={90} ta="right">
        {formatCount(resource[stage.key])}
      </Text>
    </Group>
  );
}

/** A count, or (loaded, for a table not committed) the rows written and what becomes of them. */
function StageCount({ resource, stage, live }: { resource: ResourceProgress; stage: (typeof STAGES)[number]; live: boolean }) {
  const words = stage.key === 'loaded' && loadStage(resource, live) !== 'loaded';
  return (
    <Text span size="sm" ff={words ? undefined : 'monospace'} c={words ? 'dimmed' : undefined}>
      {words ? loadWords(resource, live) : formatCount(resource[stage.key])}
    </Text>
  );
}

/**
 * Per resource: extracted → analyzed → loaded, with the resource's own errors. While the run goes (`live`)
 * its total is unknown, so only the counts show; once it ended, extraction is the total and bars show how
 * much of it was analyzed and loaded. Loaded counts rows the destination keeps: a table not committed yet
 * shows its rows written instead, said as such.
 */
export function ResourceFunnel({ resources, live }: { resources: readonly ResourceProgress[]; live: boolean }) {
  if (resources.length === 0)
    return (
      <Text size="sm" c="dimmed">
        No per-resource counts for this run.
      </Text>
    );
  const columns: Column<ResourceProgress>[] = [
    {
      key: 'resource',
      header: 'Resource',
      primary: true,
      cell: (resource) => (
        <Stack gap={4}>
          <Text size="sm" fw={500} style={{ wordBreak: 'break-word' }}>
            {resource.name}
          </Text>
          {resource.errors.length > 0 && <RunErrors errors={resource.errors} compact />}
        </Stack>
      ),
    },
    ...STAGES.map((stage): Column<ResourceProgress> => ({
      key: stage.key,
      header: stage.label,
      width: live ? undefined : '22%',
      cell: (resource) =>
        live || (stage.key === 'loaded' && loadStage(resource, live) !== 'loaded') ? (
          <StageCount resource={resource} stage={stage} live={live} />
        ) : (
          <StageBar resource={resource} stage={stage} />
        ),
    })),
  ];
  return <ResponsiveTable label="Rows per resource" columns={columns} rows={resources} rowKey={(resource) => resource.name} minWidth={560} />;
}
