import { Group, Progress, Text } from '@mantine/core';
import type { ResourceProgress } from '@/api/flows';
import { formatCount } from '@/lib/format';

/** All resources of a run added up: extracted, and how much of it is analyzed and loaded so far. */
export function ProgressSummary({ resources, label }: { resources: readonly ResourceProgress[]; label: string }) {
  const total = (key: 'extracted' | 'analyzed' | 'loaded') => resources.reduce((sum, resource) => sum + resource[key], 0);
  const extracted = total('extracted');
  const analyzed = total('analyzed');
  const loaded = total('loaded');
  const share = (value: number) => (extracted > 0 ? (value / extracted) * 100 : 0);
  return (
    <div>
      <Progress.Root size="lg" aria-label={`${label}: ${formatCount(loaded)} of ${formatCount(extracted)} extracted rows loaded`}>
        <Progress.Section value={share(loaded)} color="teal" />
        <Progress.Section value={Math.max(0, share(analyzed) - share(loaded))} color="violet" />
        <Progress.Section value={extracted > 0 ? Math.max(0, 100 - share(analyzed)) : 0} color="blue" />
      </Progress.Root>
      <Group gap="md" mt={4}>
        <Text size="xs" c="dimmed">
          {formatCount(extracted)} extracted · {formatCount(analyzed)} analyzed · {formatCount(loaded)} loaded
        </Text>
        <Text size="xs" c="dimmed">
          {resources.length === 1 ? '1 resource' : `${String(resources.length)} resources`}
        </Text>
      </Group>
    </div>
  );
}
