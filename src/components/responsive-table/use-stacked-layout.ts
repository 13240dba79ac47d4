import { useMediaQuery } from '@mantine/hooks';

/** Below this width lists become stacked cards: a table would have to scroll sideways. */
export const STACKED_BELOW_PX = 600;

export function useStackedLayout(): boolean {
  return useMediaQuery(`(max-width: ${String(STACKED_BELOW_PX - 0.02)}px)`);
}
