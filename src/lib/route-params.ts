import { notFound } from '@tanstack/react-router';

/** Ids in the URL are positive integers; anything else is a page that does not exist, not a crash. */
export function parseIdParam(value: string): number {
  const id = Number(value);
  if (!Number.isSafeInteger(id) || id <= 0) throw notFound();
  return id;
}
