/** A source's or destination's display name as given, or the fallback (the spec's name, or the name it had) when missing or blank. */
export function nameOr(given: string | undefined, fallback: string): string {
  const trimmed = given?.trim() ?? '';
  return trimmed === '' ? fallback : trimmed;
}
