/**
 * Run attempts carry a global id; people count a flow's runs: #1 is its first. The service will send that
 * number as `number`; until it does (the contract in src/api does not read it yet), the dashboard counts the
 * flow's attempts oldest first. `attemptNumberOf` is the one place that chooses between the two.
 */
export type AttemptNumbers = ReadonlyMap<number, number>;

/** Numbers for every attempt of one flow, given oldest first. */
export function numberAttempts(oldestFirst: readonly { id: number }[]): AttemptNumbers {
  return new Map(oldestFirst.map((attempt, index) => [attempt.id, index + 1]));
}

/** The number the service sent, if it sent one. */
export function sentAttemptNumber(attempt: { id: number }): number | undefined {
  const sent = (attempt as { number?: unknown }).number;
  return typeof sent === 'number' && Number.isSafeInteger(sent) && sent > 0 ? sent : undefined;
}

/** The attempt's number in its flow: the service's, else the counted one; undefined while not known yet. */
export function attemptNumberOf(attempt: { id: number }, counted: AttemptNumbers | undefined): number | undefined {
  return sentAttemptNumber(attempt) ?? counted?.get(attempt.id);
}

/** `#3`, or `#…` while it is being counted. */
export function attemptLabel(number: number | undefined): string {
  return number === undefined ? '#…' : `#${String(number)}`;
}
