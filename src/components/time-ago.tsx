import { Text, type TextProps, Tooltip } from '@mantine/core';
import { formatDateTime, formatTimeAgo } from '@/lib/format';
import { useNow } from '@/lib/use-now';

/** "5 min ago", the exact time on hover and for screen readers; "—" for no time. */
export function TimeAgo({ iso, ...props }: { iso: string | null | undefined } & TextProps) {
  const now = useNow(15_000);
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
    <Tooltip label={formatDateTime(iso)}>
      <Text span {...props}>
        <time dateTime={iso} title={formatDateTime(iso)}>
          {formatTimeAgo(at, now)}
        </time>
      </Text>
    </Tooltip>
  );
}
