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
