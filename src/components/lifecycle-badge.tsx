import { Badge } from '@mantine/core';
import type { SpecLifecycle } from '@/api/common';

const colors: Record<string, string> = { ALPHA: 'grape', BETA: 'blue', STABLE: 'teal', DEPRECATED: 'red' };

/** A spec's maturity; an unknown value is shown as it came, in gray. */
export function LifecycleBadge({ lifecycle }: { lifecycle: SpecLifecycle | null }) {
  if (!lifecycle) return null;
  return (
    <Badge variant="light" color={colors[lifecycle] ?? 'gray'} title="Lifecycle">
      {lifecycle.toLowerCase()}
    </Badge>
  );
}
