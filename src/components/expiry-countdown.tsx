import { Badge, Tooltip } from '@mantine/core';
import { formatCountdown } from '@/lib/format';
import { useDateFormat } from '@/lib/time-zone';
import { useNow } from '@/lib/use-now';

/** Time left until an expiry, ticking; past it, how long ago it expired. An unreadable date is shown as is. */
export function ExpiryCountdown({ expiresAt }: { expiresAt: string }) {
  const now = useNow(1_000);
  const format = useDateFormat();
  const at = Date.parse(expiresAt);
  if (Number.isNaN(at))
    return (
      <Badge color="gray" variant="light">
        Expires {expiresAt}
      </Badge>
    );
  const left = at - now;
  return (
    <Tooltip label={`Expires ${format.dateTimeMinutes(at)}`}>
      <Badge color={left <= 0 ? 'red' : left < 3_600_000 ? 'orange' : 'teal'} variant="light" tt="none" tabIndex={0}>
        {left <= 0 ? `Expired ${formatCountdown(-left)} ago` : `Expires in ${formatCountdown(left)}`}
      </Badge>
    </Tooltip>
  );
}
