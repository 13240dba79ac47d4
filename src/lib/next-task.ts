/** Resolves after `ms` milliseconds, in a task of its own. */
export const pause = (ms: number) =>
  new Promise<void>((resolve) => {
    setTimeout(resolve, ms);
  });

/**
 * Ends the current task: the steps of a first load each run in a task of their own, none long enough to keep a
 * phone from answering a tap (a task over 50 ms counts as blocking).
 */
export const nextTask = () => pause(0);
