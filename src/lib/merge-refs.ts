import { useMergedRef } from '@mantine/hooks';
import type { Ref } from 'react';

/**
 * floating-ui's `useMergeRefs`, for Mantine's ScrollArea (vite.config.ts sends its import here). It is all ScrollArea
 * takes from @floating-ui/react, but that library is one module: the import brought all of it (about 15 KB gzip,
 * positioning included) to every page with a table. Mantine's own hook does the same with the module already loaded.
 */
export function useMergeRefs<T>(refs: readonly (Ref<T> | undefined)[]) {
  return useMergedRef(...refs);
}
