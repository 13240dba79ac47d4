// The timeline chart's sizes, shared by the chart and the placeholder that keeps its place while it loads.

export const ROW_HEIGHT = 28;
/** Rows shown before the list scrolls. */
export const VISIBLE_ROWS = 14;
/** The axis above the rows: a line of xs text 1.4em high, 4 px under it and a 1 px border. */
const AXIS_HEIGHT = 12 * 1.4 + 4 + 1;

/** The chart's height for this many rows. */
export function chartHeight(rowCount: number): number {
  return AXIS_HEIGHT + Math.min(rowCount, VISIBLE_ROWS) * ROW_HEIGHT + 2;
}
