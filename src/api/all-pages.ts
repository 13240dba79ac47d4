/** The largest page Flowdeck's service answers (its lists default to 100 items per page). */
export const ALL_PAGES_LIMIT = 1000;

/** A list's first page as `readAllPages` asks for it. */
export const FIRST_PAGE = { limit: ALL_PAGES_LIMIT, offset: 0 } as const;

export interface PageRequest {
  limit: number;
  offset: number;
}

/**
 * Reads a whole list page by page. Flowdeck's service pages every list (default 100), while the interface's
 * own list operations answer everything at once and ignore `limit` and `offset`: both end here, because a
 * service that ignores paging answers more than a page, or the same first page again.
 */
export async function readAllPages<T extends { id: number }>(readPage: (page: PageRequest) => Promise<T[]>): Promise<T[]> {
  const all: T[] = [];
  for (let offset = 0; ; offset += ALL_PAGES_LIMIT) {
    const page = await readPage({ limit: ALL_PAGES_LIMIT, offset });
    if (page.length > ALL_PAGES_LIMIT) return offset === 0 ? page : all;
    if (offset > 0 && page.length > 0 && page[0]?.id === all[0]?.id) return all;
    all.push(...page);
    if (page.length < ALL_PAGES_LIMIT) return all;
  }
}
