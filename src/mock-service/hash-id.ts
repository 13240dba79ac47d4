/**
 * A card's hash is also its bearer key, so it must not be guessable: 128 random bits from the
 * platform's CSPRNG (browser and Node alike), base64url so it sits in a URL unescaped.
 */
export function randomHashId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replace(/=+$/, '');
}
