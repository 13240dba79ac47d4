/**
 * How a run that retries another reads: `Retry 2 of 3 of #41`. `of` is the number (in its flow or
 * workflow) of the run it retries, when known; `policyAttempts` the retries its policy allows now (a policy
 * lowered since is left out rather than read as "Retry 3 of 1").
 */
export function retryWords(retry: { retryNumber: number; of: number | undefined; policyAttempts: number | undefined }): string | null {
  if (retry.retryNumber <= 0) return null;
  const outOf = retry.policyAttempts !== undefined && retry.policyAttempts >= retry.retryNumber ? ` of ${String(retry.policyAttempts)}` : '';
  const of = retry.of === undefined ? '' : ` of #${String(retry.of)}`;
  return `Retry ${String(retry.retryNumber)}${outOf}${of}`;
}

/** A run's number from those on screen by its id (the run a retry retries is usually on the same page). */
export function numberById(runs: readonly { id: number; number?: number | null }[]): (id: number | null) => number | undefined {
  const numbers = new Map(runs.map((run) => [run.id, run.number ?? undefined]));
  return (id) => (id === null ? undefined : numbers.get(id));
}
