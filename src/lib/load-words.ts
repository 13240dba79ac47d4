import type { ResourceProgress } from '@/api/flows';
import { formatCount } from './format';

// What a resource's counts mean to a person. `loaded` counts rows the destination keeps: 0 until the
// resource's table commits. Rows written into a load that has not committed yet are not loaded: they are
// said as written, with what becomes of them (kept when the table finishes, or rolled back).

type Counts = Pick<ResourceProgress, 'loaded' | 'written' | 'committed' | 'extracted'>;

/** Where a resource's load stands. */
export type LoadStage = 'loaded' | 'writing' | 'rolled_back' | 'not_started' | 'none';

/**
 * `live`: the attempt is still running. A service that does not say `committed` (the hosted one) and
 * counts rows loaded has them kept.
 */
export function loadStage(resource: Counts, live: boolean): LoadStage {
  if (resource.committed || resource.loaded > 0) return 'loaded';
  if (live) return resource.extracted > 0 || resource.written > 0 ? 'writing' : 'not_started';
  return resource.written > 0 ? 'rolled_back' : 'none';
}

/** The loaded cell of a resource: its kept rows, or its written rows and what becomes of them. */
export function loadWords(resource: Counts, live: boolean): string {
  switch (loadStage(resource, live)) {
    case 'loaded':
      return `${formatCount(resource.loaded)} loaded`;
    case 'writing':
      return `${formatCount(resource.written)} written, commits when the table finishes`;
    case 'rolled_back':
      return `${formatCount(resource.written)} written, rolled back: the table keeps its previous rows`;
    case 'not_started':
      return 'Not started yet';
    default:
      return '0 loaded';
  }
}

/** Rows written into loads that have not committed yet (none kept so far), over all resources. */
export function uncommittedRows(resources: readonly Counts[]): number {
  return resources.reduce((sum, resource) => sum + (resource.committed || resource.loaded > 0 ? 0 : resource.written), 0);
}
