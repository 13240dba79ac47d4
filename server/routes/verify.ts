import { missingPropertyMessage, missingRequired } from '@/service-rules/properties';
import { failure, type VerificationMessage } from '../connectors/types';
import type { PlainProperties, StoredProperties } from '../properties';
import type { Services } from '../services';
import type { PropertyDefinitionWire } from '@/catalogue/connector-specs';

type ConnectionCheck = (properties: PlainProperties, signal: AbortSignal) => Promise<VerificationMessage[]>;

/**
 * Verify, for a source or a destination alike: each missing required property is an error; when none
 * is missing, the connector really connects, and the whole check gives up after the bound (10 s) with
 * 408 `Request Timeout`.
 */
export async function verifyStored(
  services: Services,
  kind: 'source' | 'destination',
  configured: { spec: string; properties: StoredProperties },
  spec: { displayName: string; propertyDefinitions: PropertyDefinitionWire[] } | undefined,
  check: ConnectionCheck | undefined,
): Promise<VerificationMessage[]> {
  if (!spec) return [failure('spec', `The ${kind} spec "${configured.spec}" is no longer available.`)];
  const stored = configured.properties;
  const missing = missingRequired(spec.propertyDefinitions, stored);
  if (missing.length > 0) {
    return missing.map((definition) => failure(definition.name, missingPropertyMessage(definition)));
  }
  if (!check) return [failure('connection', `This service cannot connect to ${spec.displayName} yet.`)];
  // Here or on a worker (FLOWDECK_ROLE=web), with the same bound: runs/connection-check.ts.
  return services.runs.checkConnection({ kind, spec: configured.spec, properties: stored, timeoutMs: services.verifyTimeoutMs });
}
