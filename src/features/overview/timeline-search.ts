import { z } from 'zod';

/** The windows the overview's timeline offers, by their URL value. */
export const TIMELINE_WINDOWS = {
  '1h': { label: 'Last hour', short: '1 h', ms: 3_600_000 },
  '6h': { label: 'Last 6 hours', short: '6 h', ms: 6 * 3_600_000 },
  '24h': { label: 'Last 24 hours', short: '24 h', ms: 24 * 3_600_000 },
  '7d': { label: 'Last 7 days', short: '7 days', ms: 7 * 24 * 3_600_000 },
} as const;
export type TimelineWindowKey = keyof typeof TIMELINE_WINDOWS;
export const TIMELINE_WINDOW_KEYS = Object.keys(TIMELINE_WINDOWS) as TimelineWindowKey[];

export const overviewSearchDefaults = { window: '24h' } as const;

/** The timeline's window is in the URL (`?window=6h`); anything else falls back to 24 hours, never an error. */
export const overviewSearchSchema = z.object({
  window: z
    .enum(TIMELINE_WINDOW_KEYS as [TimelineWindowKey, ...TimelineWindowKey[]])
    .default(overviewSearchDefaults.window)
    .catch(overviewSearchDefaults.window),
});
export type OverviewSearch = z.infer<typeof overviewSearchSchema>;
