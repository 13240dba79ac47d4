import type { DestinationRecord, DestinationSpecRecord, SourceRecord, SourceSpecRecord } from './records';
import { missingPropertyMessage, missingRequired } from '@/service-rules/properties';
import { BAD_PASSWORD, sourceFailure } from './rules';
import type { WireVerificationMessage } from '@/service-rules/wire';

// What verify reports when it gets to answer (the timeout is decided by the handler). The flag is
// `is_error` as in the interface's example payload.

function connectionMessages(destination: DestinationRecord): WireVerificationMessage[] {
  const p = destination.properties;
  const text = (name: string, fallback: string) => (p[name] === undefined ? fallback : String(p[name]));
  if (p.password === BAD_PASSWORD) {
    return [{ name: 'connection', message: `password authentication failed for user "${text('user', 'flowdeck')}"`, is_error: true }];
  }
  switch (destination.spec) {
    case 'duckdb':
      return [
        { name: 'connection', message: `Opened ${text('path', '?')}.`, is_error: false },
        { name: 'schema', message: `Schema ${text('schema', 'main')} is writable.`, is_error: false },
      ];
    case 'postgres':
      return [
        {
          name: 'connection',
          message: `Connected to ${text('host', '?')}:${text('port', '5432')}/${text('database', '?')} as ${text('user', '?')}.`,
          is_error: false,
        },
        { name: 'permissions', message: `User ${text('user', '?')} can create tables in schema ${text('schema', 'public')}.`, is_error: false },
      ];
    case 'files':
      return [
        { name: 'connection', message: `Listed ${text('bucket_url', '?')}.`, is_error: false },
        { name: 'format', message: `Files will be written as ${text('format', 'parquet')}.`, is_error: false },
      ];
    default:
      return [{ name: 'connection', message: `Connected to ${destination.displayName}.`, is_error: false }];
  }
}

function missingMessages(spec: DestinationSpecRecord | SourceSpecRecord | undefined, properties: DestinationRecord['properties']): WireVerificationMessage[] {
  return missingRequired(spec?.propertyDefinitions ?? [], properties).map((definition) => ({
    name: definition.name,
    message: missingPropertyMessage(definition),
    is_error: true,
  }));
}

/** One error per missing required property, otherwise the outcome of the connection attempt. */
export function verificationMessages(destination: DestinationRecord, spec: DestinationSpecRecord | undefined): WireVerificationMessage[] {
  const missing = missingMessages(spec, destination.properties);
  return missing.length > 0 ? missing : connectionMessages(destination);
}

/** Source verify, as the service words it: missing properties, then the connection and what it found to read. */
export function sourceVerificationMessages(source: SourceRecord, spec: SourceSpecRecord | undefined): WireVerificationMessage[] {
  const missing = missingMessages(spec, source.properties);
  if (missing.length > 0) return missing;
  const failure = sourceFailure(source);
  if (failure) return [{ name: 'connection', message: failure[0] ?? 'Cannot connect.', is_error: true }];
  if (source.resources.length === 0) {
    return [
      { name: 'connection', message: `Connected to ${source.displayName}.`, is_error: false },
      { name: 'tables', message: 'Nothing to read was found: a run would move nothing.', is_error: true },
    ];
  }
  return [
    { name: 'connection', message: `Connected to ${source.displayName}.`, is_error: false },
    {
      name: 'tables',
      message: `${String(source.resources.length)} resources to read: ${source.resources.slice(0, 5).join(', ')}${source.resources.length > 5 ? ', …' : ''}.`,
      is_error: false,
    },
  ];
}
