import { Text, type TextProps, Tooltip } from '@mantine/core';
import { formatTimeAgo } from '@/lib/format';
import { useDateFormat } from '@/lib/time-zone';
import { useNow } from '@/lib/use-now';

/** "5 min ago" (no zone to tell), the exact time in the chosen zone on hover and for screen readers; "—" for no time. */
export function TimeAgo({ iso, ...props }: { iso: string | null | undefined } & TextProps) {
  const now = useNow(15_000);
  const format = useDateFormat();
  if (!iso)
    return (
      <Text span {...props}>
        —
      </Text>
    );
  const at = Date.parse(iso);
  if (Number.isNaN(at))
    return (
      <Text span {...props}>
        {iso}
      </Text>
    );
  return (
    <Tooltip label={format.dateTime(iso)}>
      <Text span {...props}>
        <time dateTime={iso} title={format.dateTime(iso)}>
          {formatTimeAgo(at, now)}
        </time>
      </Text>
    </Tooltip>
  );
}
