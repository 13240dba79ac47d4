import { Tooltip } from '@mantine/core';
import { dateFormat } from '@/lib/format';
import { setTimeZoneChoice, useTimeZoneChoice } from '@/lib/time-zone';
import { SegmentedRadios } from './segmented-radios';

/** The local zone's name is read (an Intl formatter built) only when the tooltip shows, not in the shell's first render. */
function LocalZoneHint() {
  return <>Dates in your time zone ({dateFormat('local').zoneName})</>;
}

/** Local or UTC for every date on screen, remembered on this device. */
export function TimeZoneSwitch() {
  const choice = useTimeZoneChoice();
  return (
    <Tooltip label={choice === 'utc' ? 'Dates in UTC, the zone schedules run in' : <LocalZoneHint />}>
      <SegmentedRadios
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
