import { runSelection, withChoice } from '@/service-rules/resolver-choice';
import type { DestinationRecord, SourceRecord } from './records';

// The few "business rules" the mock simulates, in one place so seed, runs and handlers agree.

/** A source whose password or token is this cannot connect: its flows fail, its discovery fails. */
export const BAD_PASSWORD = 'wrong-password';

/** A destination (or source) on this host makes verify run into the service's 10 s limit. */
export const SLOW_HOST = 'slow.example';

/** Why runs from this source fail, or null when it can connect. */
export function sourceFailure(source: SourceRecord): string[] | null {
  const secret = source.properties.password ?? source.properties.token;
  if (secret !== BAD_PASSWORD) return null;
  const user = source.properties.user ?? 'flowdeck';
  return [`Could not connect to ${source.displayName}: password authentication failed for user "${String(user)}".`, 'Extraction aborted; nothing was loaded.'];
}

export function isSlowDestination(destination: Pick<DestinationRecord | SourceRecord, 'properties'>): boolean {
  return destination.properties.host === SLOW_HOST;
}

/** Audit and log tables are discovered but not moved by default. */
export function isSuppressedResource(name: string): boolean {
  return /audit|_log$/.test(name);
}

/** Tables that look like personal data are masked by default. */
export function isMaskedByDefault(name: string): boolean {
  return /customer|user|contact/.test(name);
}

/** A stable pseudo-random row count, so the same run always reports the same numbers. */
export function rowsFor(runId: number, resource: string): number {
  let hash = runId * 2654435761;
  for (const char of resource) hash = (Math.imul(hash ^ char.charCodeAt(0), 16777619) >>> 0) + 1;
  return 200 + (hash % 48_000);
}

/** What one run of this source moves: every discovered resource turned on (suppressed by default, or by the user's choice). */
export function runResources(runId: number, source: SourceRecord): { name: string; rows: number }[] {
  const selection = runSelection(
    withChoice(
      source.resources.map((name) => ({ name, suppressed: isSuppressedResource(name) })),
      source.resolverChoice,
    ),
  );
  return source.resources.filter((name) => selection.loads(name)).map((name) => ({ name, rows: rowsFor(runId, name) }));
}
