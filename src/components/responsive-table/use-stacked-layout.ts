import { useMediaQuery } from '@mantine/hooks';

/** Below this width lists become stacked cards: a table would have to scroll sideways. */
export const STACKED_BELOW_PX = 600;

/**
 * Read at the first render (the dashboard renders in the browser only): read in an effect, as Mantine does by
 * default, a phone drew the table first and then the cards, a second render of the whole list at once.
 */
export function useStackedLayout(): boolean {
  return useMediaQuery(`(max-width: ${String(STACKED_BELOW_PX - 0.02)}px)`, undefined, { getInitialValueInEffect: false });
}
