// jsdom lays nothing out and has no matchMedia. setup.ts stubs it with this: width queries are answered for
// the width a test sets (none by default: every query is false, as on a desktop), so a test can see a
// component switch form on a phone. Queries that are not about width stay false.

type Listener = (event: { matches: boolean; media: string }) => void;

let width: number | undefined;
const queries = new Set<{ media: string; matches: boolean; listeners: Set<Listener> }>();

function evaluate(media: string): boolean {
  if (width === undefined) return false;
  const checks = [...media.matchAll(/\((min|max)-width:\s*([\d.]+)(px|em|rem)\)/g)];
  if (checks.length === 0) return false;
  const px = width;
  return checks.every(([, kind, value, unit]) => {
    const limit = Number(value) * (unit === 'px' ? 1 : 16);
    return kind === 'min' ? px >= limit : px <= limit;
  });
}

/** The viewport width the media queries answer for; undefined: none (every width query is false). */
export function setViewportWidth(next: number | undefined): void {
  width = next;
  for (const query of queries) {
    const matches = evaluate(query.media);
    if (matches === query.matches) continue;
    query.matches = matches;
    for (const listener of query.listeners) listener({ matches, media: query.media });
  }
}

export function matchMedia(media: string): MediaQueryList {
  const query = { media, matches: evaluate(media), listeners: new Set<Listener>() };
  queries.add(query);
  const add = (_type: string, listener: Listener) => query.listeners.add(listener);
  const remove = (_type: string, listener: Listener) => query.listeners.delete(listener);
  return {
    get matches() {
      return query.matches;
    },
    media,
    onchange: null,
    addListener: (listener: Listener) => query.listeners.add(listener),
    removeListener: (listener: Listener) => query.listeners.delete(listener),
    addEventListener: add,
    removeEventListener: remove,
    dispatchEvent: () => false,
  } as unknown as MediaQueryList;
}

/** After each test: no width, and the queries of unmounted components forgotten. */
export function resetViewport(): void {
  width = undefined;
  queries.clear();
}
