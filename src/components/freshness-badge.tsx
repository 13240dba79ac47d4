import { Badge, type BadgeProps, Tooltip } from '@mantine/core';
import type { Freshness } from '@/api/freshness';
import { freshnessLabel } from '@/lib/run-status';

const colors: Record<string, string> = { on_time: 'green', late: 'yellow', failing: 'red', paused: 'gray', manual: 'gray', never_run: 'gray' };

const explanations: Record<string, string> = {
  on_time: 'Its last scheduled run started on time.',
  late: 'A scheduled run did not start or succeed within its interval plus a grace period.',
  failing: 'Its last finished run failed.',
  paused: 'Its schedule is paused or disabled.',
  manual: 'It has no schedule: it runs only when asked.',
  never_run: 'It has not run yet.',
};

/** Whether a flow or workflow is as fresh as its schedule promises; nothing when the service does not say (the hosted one). */
export function FreshnessBadge({ freshness, size = 'md' }: { freshness: Freshness; size?: BadgeProps['size'] }) {
  if (freshness === null) return null;
  const alarming = freshness === 'late' || freshness === 'failing';
  return (
    <Tooltip label={explanations[freshness] ?? freshness} withArrow openDelay={300}>
      <Badge
        color={colors[freshness] ?? 'grape'}
        variant={alarming ? 'filled' : freshness === 'on_time' ? 'light' : 'outline'}
        size={size}
        // Text in black or white, whichever reads on the colour (Late is amber with black text: white on orange was 3.6:1).
        autoContrast
        miw="max-content"
        style={{ textTransform: 'none' }}
      >
        {freshnessLabel(freshness)}
      </Badge>
    </Tooltip>
  );
}
