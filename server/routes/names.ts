/** A display name as given, or the fallback when it is missing or blank. */
export function nameOr(given: string | undefined, fallback: string): string {
  const trimmed = given?.trim() ?? '';
  return trimmed === '' ? fallback : trimmed;
}
