/**
 * Run attempts carry a global id; people count a flow's runs: #1 is its first. Flowdeck's service sends that
 * number as `number`; a service that does not (the hosted one: src/api reads it as null) has the dashboard
 * count the flow's attempts oldest first. `attemptNumberOf` is the one place that chooses between the two.
 */
export type AttemptNumbers = ReadonlyMap<number, number>;

/** Numbers for every attempt of one flow, given oldest first. */
export function numberAttempts(oldestFirst: readonly { id: number }[]): AttemptNumbers {
  return new Map(oldestFirst.map((attempt, index) => [attempt.id, index + 1]));
}

/** The number the service sent, if it sent one. */
export function sentAttemptNumber(attempt: { number?: number | null }): number | undefined {
  const sent = attempt.number;
  return typeof sent === 'number' && Number.isSafeInteger(sent) && sent > 0 ? sent : undefined;
}

/** The attempt's number in its flow: the service's, else the counted one; undefined while not known yet. */
export function attemptNumberOf(attempt: { id: number; number?: number | null }, counted: AttemptNumbers | undefined): number | undefined {
  return sentAttemptNumber(attempt) ?? counted?.get(attempt.id);
}

/** `#3`, or `#…` while it is being counted. */
export function attemptLabel(number: number | undefined): string {
  return number === undefined ? '#…' : `#${String(number)}`;
}
