import { Badge } from '@mantine/core';
import type { SpecLifecycle } from '@/api/common';

const colors: Record<string, string> = { ALPHA: 'grape', BETA: 'blue', STABLE: 'teal', DEPRECATED: 'red' };

/** A spec's maturity; an unknown value is shown as it came, in gray. */
export function LifecycleBadge({ lifecycle }: { lifecycle: SpecLifecycle | null }) {
  if (!lifecycle) return null;
  return (
    // Never cut short in a narrow table column ("STAB…" said nothing): the column grows instead.
    <Badge variant="light" color={colors[lifecycle] ?? 'gray'} title="Lifecycle" miw="max-content">
      {lifecycle.toLowerCase()}
    </Badge>
  );
}
