import { InvalidInput } from './errors';

// Bounds on what a request body may hold, checked once for every JSON body before any route reads it:
// a 5 MB name would be answered in every later list, a NUL byte cannot be stored in Postgres text,
// and a body nested thousands deep overflows the stack of whatever walks it next.

export const NAME_MAX_CHARS = 200;
export const TEXT_MAX_BYTES = 64 * 1024;
const MAX_DEPTH = 32;
const UNPAIRED_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
/** Fields that name something and are shown in lists. */
const NAME_FIELDS = new Set(['displayName', 'name']);

const utf8 = new TextEncoder();
const where = (path: string[]) => (path.length > 0 ? path.join('.') : 'the body');

function checkText(text: string, path: string[]): void {
  if (text.includes('\0')) throw new InvalidInput(`${where(path)} contains a NUL byte.`);
  // A lone surrogate is not Unicode: Postgres refuses it in text and jsonb.
  if (UNPAIRED_SURROGATE.test(text)) throw new InvalidInput(`${where(path)} is not valid Unicode (an unpaired surrogate).`);
  if (utf8.encode(text).byteLength > TEXT_MAX_BYTES) throw new InvalidInput(`${where(path)} is longer than ${String(TEXT_MAX_BYTES / 1024)} KB.`);
  const field = path.at(-1);
  if (path.length === 1 && field !== undefined && NAME_FIELDS.has(field) && text.length > NAME_MAX_CHARS) {
    throw new InvalidInput(`${field} is longer than ${String(NAME_MAX_CHARS)} characters.`);
  }
}

/** Throws InvalidInput naming the first value out of bounds: NUL bytes, over-long names or texts, deep nesting. */
export function checkInputBounds(body: unknown): void {
  const pending: { value: unknown; path: string[] }[] = [{ value: body, path: [] }];
  for (let item = pending.pop(); item; item = pending.pop()) {
    const { value, path } = item;
    if (typeof value === 'string') checkText(value, path);
    if (typeof value !== 'object' || value === null) continue;
    if (path.length >= MAX_DEPTH) throw new InvalidInput(`${where(path)} is nested more than ${String(MAX_DEPTH)} levels deep.`);
    for (const [key, child] of Object.entries(value)) {
      checkText(key, path);
      pending.push({ value: child, path: [...path, key] });
    }
  }
}
