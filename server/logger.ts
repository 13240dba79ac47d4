import pino, { type Logger } from 'pino';

export type { Logger } from 'pino';

/** Structured JSON logs. Keys and secrets never reach them: headers are redacted, bodies are not logged. */
export function createLogger(level: string): Logger {
  return pino({
    level,
    base: { service: 'flowdeck' },
    redact: { paths: ['req.headers.authorization', 'headers.authorization', '*.password', '*.secret', '*.apiKey'], censor: '[redacted]' },
  });
}
