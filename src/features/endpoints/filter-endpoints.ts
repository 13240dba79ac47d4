import type { Flow } from '@/api/flows';
import { compareNames } from '@/lib/format';
import type { EndpointListSearch } from '@/lib/list-search';

// The sources and destinations lists are read whole and searched, sorted and paged here, as the flows
// list is: the service offers no search, and these lists are short next to the flows.

export interface EndpointRowInput {
  id: number;
  displayName: string;
  updatedAt: string | null;
}

export interface EndpointRow<T extends EndpointRowInput> {
  item: T;
  /** The display name, or "Source 3" where it has none. */
  name: string;
  spec: string;
  usedBy: readonly Flow[];
  /** Lowercased name, id, spec and the names of the flows that use it. */
  haystack: string;
}

export function toEndpointRows<T extends EndpointRowInput>(
  items: readonly T[],
  describe: (item: T) => { name: string; spec: string },
  usedBy: ReadonlyMap<number, readonly Flow[]> | undefined,
): EndpointRow<T>[] {
  return items.map((item) => {
    const { name, spec } = describe(item);
    const flows = usedBy?.get(item.id) ?? [];
    return {
      item,
      name,
      spec,
      usedBy: flows,
      haystack: [name, `#${String(item.id)}`, spec, ...flows.map((flow) => flow.displayName)].join('\n').toLowerCase(),
    };
  });
}

const timeOf = (row: EndpointRow<EndpointRowInput>) => (row.item.updatedAt ? Date.parse(row.item.updatedAt) : Number.NEGATIVE_INFINITY);

function compare(a: EndpointRow<EndpointRowInput>, b: EndpointRow<EndpointRowInput>, sort: EndpointListSearch['sort']): number {
  switch (sort) {
    case 'name':
      return compareNames(a.name, b.name);
    case 'spec':
      return compareNames(a.spec, b.spec);
    case 'usedBy':
      return a.usedBy.length - b.usedBy.length;
    case 'updated':
      return timeOf(a) - timeOf(b);
  }
}

/** Search (every word must match), then sort; ties keep id order so the list never jumps. */
export function filterEndpointRows<T extends EndpointRowInput>(
  rows: readonly EndpointRow<T>[],
  search: Pick<EndpointListSearch, 'q' | 'sort' | 'dir'>,
): EndpointRow<T>[] {
  const words = search.q.toLowerCase().split(/\s+/).filter(Boolean);
  const direction = search.dir === 'asc' ? 1 : -1;
  return rows
    .filter((row) => words.every((word) => row.haystack.includes(word)))
    .sort((a, b) => direction * compare(a, b, search.sort) || a.item.id - b.item.id);
}
