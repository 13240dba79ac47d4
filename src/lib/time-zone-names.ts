import { DEFAULT_TIME_ZONE } from '@/api/run-policy';

let names: string[] | null = null;

/** Every IANA time zone the browser knows, UTC first; read once, when a form first offers them. */
export function timeZoneNames(): string[] {
  names ??= [DEFAULT_TIME_ZONE, ...Intl.supportedValuesOf('timeZone').filter((name) => name !== DEFAULT_TIME_ZONE)];
  return names;
}
