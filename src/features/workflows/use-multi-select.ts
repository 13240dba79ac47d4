import { onDemand, useOnDemand } from '@/lib/on-demand';

/** Mantine's MultiSelect in a chunk of its own; the form asks for it as it mounts, before any step needs it. */
const multiSelect = onDemand(() => import('./multi-select'));

export const loadMultiSelect = () => multiSelect.load();

/**
 * Mantine's MultiSelect, or null until its chunk has arrived. Not React.lazy: once loaded, a step added later
 * draws it in the same render (lazy would suspend each new step for a frame and React holds a revealed
 * boundary back up to 300 ms), and the form's values live in react-hook-form either way, never in the control.
 */
export function useMultiSelect() {
  return useOnDemand(multiSelect)?.MultiSelect ?? null;
}
