/**
 * Runs `work` with an abort signal and gives up after `ms` with `timeoutError()`, whether or not the
 * work honours the signal: a connector stuck on a pipe or a silent server frees its worker anyway.
 */
export async function withTimeout<T>(ms: number, timeoutError: () => Error, work: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort();
      reject(timeoutError());
    }, ms);
  });
  try {
    return await Promise.race([work(controller.signal), timeout]);
  } finally {
    clearTimeout(timer);
  }
}
