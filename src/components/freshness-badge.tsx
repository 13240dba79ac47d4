import { Badge, type BadgeProps, Tooltip } from '@mantine/core';
import type { Freshness } from '@/api/freshness';
import { FRESHNESS_COLORS, FRESHNESS_EXPLAINED, freshnessLabel } from '@/lib/run-status';

/** Whether a flow or workflow is as fresh as its schedule promises; nothing when the service does not say (the hosted one). */
export function FreshnessBadge({ freshness, size = 'md' }: { freshness: Freshness; size?: BadgeProps['size'] }) {
  if (freshness === null) return null;
  const alarming = freshness === 'late' || freshness === 'failing';
  return (
    <Tooltip label={FRESHNESS_EXPLAINED[freshness] ?? freshness} withArrow openDelay={300}>
      <Badge
        color={FRESHNESS_COLORS[freshness] ?? 'grape'}
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
