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
    if (offset > 0) await browserIdle();
    const page = await readPage({ limit: ALL_PAGES_LIMIT, offset });
    if (page.length > ALL_PAGES_LIMIT) return offset === 0 ? page : all;
    if (offset > 0 && page.length > 0 && page[0]?.id === all[0]?.id) return all;
    all.push(...page);
    if (page.length < ALL_PAGES_LIMIT) return all;
  }
}

/** How long a later page waits at most for the browser to be idle. */
const IDLE_WAIT_MS = 300;

/**
 * Resolves when the browser is idle. A later page waits for it: on a first load the first page is being drawn (in
 * slices, as a transition), and each page that arrives meanwhile (parsed, checked, put in the cache) would slow
 * that drawing down. Measured with 10,000 flows: the first row came about 50 ms sooner.
 */
function browserIdle(): Promise<void> {
  return new Promise((resolve) => {
    if (typeof requestIdleCallback === 'function') {
      requestIdleCallback(
        () => {
          resolve();
        },
        { timeout: IDLE_WAIT_MS },
      );
    } else setTimeout(resolve, 0);
  });
}
