/**
 * A gate a test opens when it chooses. A `vi.mock` factory that awaits `opened` holds a lazily imported chunk back,
 * so a test can see the page before that chunk arrives and what happens when it does. Create it inside `vi.hoisted`
 * (mock factories run before the test file's imports): `await vi.hoisted(async () => (await import('@/test/gate')).createGate())`.
 */
export function createGate(): { opened: Promise<void>; open: () => void } {
  const opening: { resolve?: () => void } = {};
  const opened = new Promise<void>((resolve) => {
    opening.resolve = resolve;
  });
  return {
    opened,
    open: () => {
      opening.resolve?.();
    },
  };
}
