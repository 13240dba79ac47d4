// Spacing of seeded history: how often a schedule fires, roughly. Only the seed needs this.

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const FREQUENCY_MS: Record<string, number> = { '24h': DAY, '12h': 12 * HOUR, '6h': 6 * HOUR, '1h': HOUR, '30m': 30 * MINUTE, '15m': 15 * MINUTE };

const CRON_MS: Record<string, number> = {
  '0 */6 * * *': 6 * HOUR,
  '*/15 * * * *': 15 * MINUTE,
  '30 2 * * *': DAY,
  '0 2 * * *': DAY,
  '0 0 * * 1': 7 * DAY,
};

/** The interval between runs, or null for manual flows (their history is spaced a day apart, manual). */
export function scheduleIntervalMs(frequency: string | null, cron: string | null): number | null {
  if (cron) return CRON_MS[cron] ?? DAY;
  if (!frequency || frequency === 'manual') return null;
  return FREQUENCY_MS[frequency] ?? DAY;
}

export { MINUTE, HOUR, DAY };
