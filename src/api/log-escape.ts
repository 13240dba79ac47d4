// Text that reaches a log line comes from outside (a source's name, a CSV column, a remote error): a line
// break in it would forge a second line in a downloaded `.log`, an escape sequence would rewrite a
// terminal, a bidi override would reorder what a reader sees. Such characters are shown as escapes
// (`\n`, `\u001b`, `\u202e`), so one line in is one line out. A backslash itself is left alone: the
// escape can then be applied again (the service escapes when it writes and when it answers, the
// dashboard when it reads) without doubling anything.

const SHORT: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

// C0 controls, DEL and C1 controls, the line and paragraph separators, and the bidi marks, embeddings,
// overrides and isolates (U+061C, U+200E, U+200F, U+202A–U+202E, U+2066–U+2069).
// eslint-disable-next-line no-control-regex -- control characters are what it looks for
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

export function escapeLogText(text: string): string {
  return text.replace(UNSAFE, (char) => SHORT[char] ?? `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** The same for every text value of a line's fields (numbers, booleans and null stay as they are). */
export function escapeLogFields<T extends Record<string, unknown>>(fields: T): T {
  return Object.fromEntries(
    Object.entries(fields).map(([name, value]) => [escapeLogText(name), typeof value === 'string' ? escapeLogText(value) : value]),
  ) as T;
}
