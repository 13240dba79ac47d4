import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';
import type { DateInput, Zone } from './format';

// A date picker's wall time (`YYYY-MM-DD HH:mm:ss`) in the chosen zone, and back to an instant. The pickers
// (@mantine/dates) speak dayjs, so it comes with them rather than with every screen's date formats.

dayjs.extend(utc);

const WALL_TIME = 'YYYY-MM-DD HH:mm:ss';

const inZone = (zone: Zone, value: DateInput | string) => (zone === 'utc' ? dayjs.utc(value) : dayjs(value));

export function toWallTime(zone: Zone, value: DateInput): string {
  return inZone(zone, value).format(WALL_TIME);
}

export function fromWallTime(zone: Zone, wallTime: string): Date {
  return inZone(zone, wallTime).toDate();
}
