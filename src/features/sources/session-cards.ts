import type { ConfigurationCard } from '@/api/cards';

// Where the service cannot list a source's cards (the interface has no such operation), the page lists
// the cards created in this browser session instead, and says so. Memory only: links are not secrets,
// but they are not worth persisting either.
const created = new Map<number, ConfigurationCard[]>();

export function rememberCard(sourceId: number, card: ConfigurationCard): void {
  created.set(sourceId, [card, ...(created.get(sourceId) ?? [])]);
}

export function cardsCreatedThisSession(sourceId: number): ConfigurationCard[] {
  return created.get(sourceId) ?? [];
}

/** A revoked card shows as such here too, should the service revoke without listing. */
export function rememberRevoked(sourceId: number, cardId: number, revokedAt: string): void {
  const cards = created.get(sourceId);
  if (cards)
    created.set(
      sourceId,
      cards.map((card) => (card.id === cardId ? { ...card, state: 'revoked', revokedAt } : card)),
    );
}
