import { SegmentedControl, Tooltip } from '@mantine/core';
import { dateFormat } from '@/lib/format';
import { setTimeZoneChoice, useTimeZoneChoice } from '@/lib/time-zone';

/** Local or UTC for every date on screen, remembered on this device. */
export function TimeZoneSwitch() {
  const choice = useTimeZoneChoice();
  const local = dateFormat('local').zoneName;
  return (
    <Tooltip label={choice === 'utc' ? 'Dates in UTC, the zone schedules run in' : `Dates in your time zone (${local})`}>
      <SegmentedControl
        size="xs"
        aria-label="Time zone of dates"
        value={choice}
        onChange={(value) => {
          setTimeZoneChoice(value);
        }}
        data={[
          { value: 'local', label: 'Local' },
          { value: 'utc', label: 'UTC' },
        ]}
      />
    </Tooltip>
  );
}
