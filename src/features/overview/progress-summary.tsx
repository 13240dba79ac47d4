import { Text } from '@mantine/core';
import type { ResourceProgress } from '@/api/flows';
import { formatCount, formatDuration, formatRate, runDurationMs } from '@/lib/format';
import { uncommittedRows } from '@/lib/load-words';
import { useNow } from '@/lib/use-now';

/**
 * A running run's resources added up. Its total is unknown while it runs, so no bar claims a share of it:
 * the counts so far and, when its start is known (a workflow's status does not say), how fast rows are read
 * and for how long it has been going. Rows written into tables not committed yet are not loaded: they are said apart.
 */
export function ProgressSummary({ resources, startedAt }: { resources: readonly ResourceProgress[]; startedAt: string | null }) {
  const now = useNow(1_000);
  const total = (key: 'extracted' | 'analyzed' | 'loaded') => resources.reduce((sum, resource) => sum + resource[key], 0);
  const extracted = total('extracted');
  const written = uncommittedRows(resources);
  const elapsed = startedAt ? runDurationMs(startedAt, null, now) : null;
  const parts = [
    `${formatCount(extracted)} extracted`,
    `${formatCount(total('analyzed'))} analyzed`,
    `${formatCount(total('loaded'))} loaded`,
    ...(written > 0 ? [`${formatCount(written)} written, committed when each table finishes`] : []),
    resources.length === 1 ? '1 resource' : `${String(resources.length)} resources`,
  ];
  if (elapsed !== null) parts.push(formatRate(extracted, elapsed), `running for ${formatDuration(elapsed)}`);
  return (
    <Text size="xs" c="dimmed">
      {parts.join(' · ')}
    </Text>
  );
}
