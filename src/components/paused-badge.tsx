import { Badge, type BadgeProps } from '@mantine/core';

/** A flow that keeps its schedule but does not run on it. */
export function PausedBadge(props: Pick<BadgeProps, 'size'>) {
  return (
    <Badge color="gray" variant="outline" {...props}>
      Paused
    </Badge>
  );
}
