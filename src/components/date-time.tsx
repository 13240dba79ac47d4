import { type DateInput } from '@/lib/format';
import { useDateFormat } from '@/lib/time-zone';

/** A date in the chosen zone, with the zone's name; `minutes` drops the seconds (schedules, expiries). */
export function DateTime({ value, precision = 'seconds' }: { value: DateInput | null | undefined; precision?: 'seconds' | 'minutes' }) {
  const format = useDateFormat();
  const text = precision === 'minutes' ? format.dateTimeMinutes(value) : format.dateTime(value);
  const date = value === null || value === undefined ? null : new Date(value);
  if (!date || Number.isNaN(date.getTime())) return <>{text}</>;
  return <time dateTime={date.toISOString()}>{text}</time>;
}
