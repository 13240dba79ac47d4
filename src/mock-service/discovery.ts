import { csvResourceName } from '@/service-rules/flow-tables';
import { choiceKept } from '@/service-rules/resolver-choice';
import type { MockDb } from './db';
import type { SourceRecord } from './records';
import { sourceFailure } from './rules';

/** What discovery finds in a source; a REST source finds its listed endpoints. */
function discoveredResources(spec: string, properties: SourceRecord['properties']): string[] {
  if (spec === 'rest_api' && typeof properties.endpoints === 'string') {
    return properties.endpoints
      .split('\n')
      .map((line) => line.trim().replace(/^\//, ''))
      .filter(Boolean);
  }
  // A CSV source has one resource, named from its file, as the service names it.
  if (spec === 'csv') return [csvResourceName(typeof properties.location === 'string' ? properties.location : '')];
  const defaults: Record<string, string[]> = {
    postgres: ['accounts', 'orders', 'audit_log'],
    sample: ['events', 'users'],
  };
  return defaults[spec] ?? ['items'];
}

/** Discovery runs for `durationMs` from `startedAt`, computed from the clock like run progress. */
export function isDiscovering(db: MockDb, source: SourceRecord): boolean {
  return db.now() < source.discovery.startedAt + source.discovery.durationMs;
}

/** When the resolvers listed were found: the last discovery that succeeded, by the clock. */
export function discoveredAt(source: SourceRecord, now: number): number | null {
  const { startedAt, durationMs, error, before = null } = source.discovery;
  return error === null && now >= startedAt + durationMs ? startedAt + durationMs : before;
}

/**
 * Discovery starts again whenever a source's connection settings change and on Discover now; it fails if
 * it cannot connect. What it finds is decided now (the clock reveals it), and with it which of the user's
 * choices still name a resolver.
 */
export function restartDiscovery(db: MockDb, source: SourceRecord): void {
  const failure = sourceFailure(source);
  const before = discoveredAt(source, db.now());
  source.resources = discoveredResources(source.spec, source.properties);
  // A failed discovery finds nothing: the choices wait for one that succeeds.
  if (!failure) source.resolverChoice = choiceKept(source.resolverChoice, [...(db.sourceSpec(source.spec)?.staticResolvers ?? []), ...source.resources]);
  source.discovery = { startedAt: db.now(), durationMs: db.discoveryMs, error: failure?.[0] ?? null, before };
}
