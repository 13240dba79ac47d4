import { SECRET_MASK } from '@/api/common';
import { withoutSecretQueryValues } from '../connectors/secret-query';
import type { LogFields } from '../store/attempt-log-lines';

// Nothing secret reaches an attempt's log: the secret property values of the run's source and
// destination are blanked wherever they appear (an error message may quote a connection string), and
// any URL loses its user:password and the values of query parameters that look like credentials.

/** Too short to blank safely (it would blank ordinary words); such a secret is weak anyway. */
const MIN_SECRET_LENGTH = 3;
const URL_CREDENTIALS = /\b([a-z][a-z0-9+.-]*:\/\/)[^\s/@:]+(?::[^\s/@]*)?@/gi;

export type Scrub = (text: string) => string;

export function secretScrubber(secrets: readonly string[]): Scrub {
  const values = [...new Set(secrets.filter((secret) => secret.length >= MIN_SECRET_LENGTH))].sort((a, b) => b.length - a.length);
  return (text) => {
    let clean = text;
    for (const secret of values) clean = clean.split(secret).join(SECRET_MASK);
    for (const secret of values) {
      const encoded = encodeURIComponent(secret);
      if (encoded !== secret) clean = clean.split(encoded).join(SECRET_MASK);
    }
    return withoutSecretQueryValues(clean.replace(URL_CREDENTIALS, `$1${SECRET_MASK}@`), SECRET_MASK);
  };
}

export function scrubFields(fields: LogFields, scrub: Scrub): LogFields {
  return Object.fromEntries(Object.entries(fields).map(([name, value]) => [name, typeof value === 'string' ? scrub(value) : value]));
}
