// Work on one key done one at a time in this process, in the order asked: the DuckDB destination's
// writers of one file. Across instances the runner holds a lock on the same key (exclusiveKey);
// this guarantee is for callers that do not take it (tests, benches, two loads of one process).

const tails = new Map<string, Promise<unknown>>();

/** Waits for the turns asked before on `key`; the returned function ends this one (harmless twice). */
export async function takeTurn(key: string): Promise<() => void> {
  const previous = tails.get(key) ?? Promise.resolve();
  const turn: { end: () => void } = { end: () => undefined };
  const mine = new Promise<void>((resolveTurn) => {
    turn.end = resolveTurn;
  });
  const tail = previous.then(() => mine);
  tails.set(key, tail);
  void tail.then(() => {
    if (tails.get(key) === tail) tails.delete(key);
  });
  await previous;
  return () => {
    turn.end();
  };
}
