/**
 * The origin links are built on: FLOWDECK_PUBLIC_URL, else the address the service listens on. Never
 * the request's Host header, which a caller chooses: a card link built on it could send the recipient
 * (and the credentials they type) anywhere.
 */
export function publicOriginOf(configured: string | null, listeningUrl: () => string): () => string {
  if (configured) {
    const origin = configured.replace(/\/+$/, '');
    return () => origin;
  }
  return listeningUrl;
}
