// How a key travels: `Authorization: Bearer <key>`, an API key or a card's own hash. Clients write the
// header with bearerHeader; the service and the mock read it with bearerToken.

export const bearerHeader = (token: string) => `Bearer ${token}`;

/** The token of an Authorization header; null when the header is not one bearer token. */
export function bearerToken(header: string | null | undefined): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return match?.[1] ?? null;
}
