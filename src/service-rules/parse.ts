import type { z } from 'zod';
import { InvalidInput } from './errors';
import { checkInputBounds } from './input-bounds';

// Request bodies are read with the dashboard's own writer schemas (src/api), by the service and the mock.

/** The value as the schema reads it, or 400 naming every misfit. */
export function parseWith<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  throw new InvalidInput(parsed.error.issues.map((issue) => (issue.path.length > 0 ? `${issue.path.join('.')}: ${issue.message}` : issue.message)).join('; '));
}

/** A JSON body's text, parsed and bounded (input-bounds.ts); an empty body reads as `{}`. */
export function parseJsonBody(text: string): unknown {
  if (text.trim() === '') return {};
  let body: unknown;
  try {
    body = JSON.parse(text) as unknown;
  } catch {
    throw new InvalidInput('the body must be JSON.');
  }
  checkInputBounds(body);
  return body;
}
