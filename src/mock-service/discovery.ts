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
  const defaults: Record<string, string[]> = {
    postgres: ['accounts', 'orders', 'audit_log'],
    github: ['issues', 'pull_requests', 'commits'],
    sample: ['events', 'users'],
    legacy_ftp: ['export.csv'],
  };
  return defaults[spec] ?? ['items'];
}

/** Discovery starts again whenever a source's connection settings change; it fails if it cannot connect. */
export function restartDiscovery(db: MockDb, source: SourceRecord): void {
  const failure = sourceFailure(source);
  source.resources = discoveredResources(source.spec, source.properties);
  source.discovery = { startedAt: db.now(), durationMs: db.discoveryMs, error: failure?.[0] ?? null };
}
