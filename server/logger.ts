import pino, { type DestinationStream, type Logger } from 'pino';

export type { Logger } from 'pino';

/**
 * Structured JSON logs (to stdout, or to `destination`: tests read them). Keys and secrets never
 * reach them: headers are redacted, bodies are not logged.
 */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  const options = {
    level,
    base: { service: 'flowdeck' },
    redact: { paths: ['req.headers.authorization', 'headers.authorization', '*.password', '*.secret', '*.apiKey'], censor: '[redacted]' },
  };
  return destination ? pino(options, destination) : pino(options);
}
