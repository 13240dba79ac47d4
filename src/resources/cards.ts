import { type QueryClient, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type CardListParams,
  type ConfigurationCard,
  createConfigurationCard,
  type CreateConfigurationCardInput,
  getCardForRecipient,
  listCards,
  listConfigurationCards,
  revokeConfigurationCard,
} from '@/api/cards';
import { resourceKeys } from './keys';
import { type Listing, listingOf } from './listing';
import { sourceKeys } from './sources';

// Where the service cannot list a source's cards (the interface has no such operation), the list holds the
// cards created in this browser session instead, and says it is not the service's. Memory only: links are
// not secrets, but they are not worth persisting either.
const createdThisSession = new Map<number, ConfigurationCard[]>();

function remember(sourceId: number, update: (cards: ConfigurationCard[]) => ConfigurationCard[]): void {
  createdThisSession.set(sourceId, update(createdThisSession.get(sourceId) ?? []));
}

/** A card link opened by its recipient, known by its hash (the recipient has no account). */
export const cardKeys = resourceKeys('cards');

export const cardQueries = {
  /** A source's links, under the source's key (everything about source 3 is one prefix). */
  ofSource: (sourceId: number) =>
    queryOptions({
      queryKey: sourceKeys.detail(sourceId, 'cards'),
      queryFn: async ({ signal }): Promise<Listing<ConfigurationCard>> => {
        const listing = await listingOf(() => listConfigurationCards(sourceId, {}, { signal }));
        return listing.available ? listing : { available: false, items: createdThisSession.get(sourceId) ?? [] };
      },
    }),
  /** Every card of every source (the Shared links page, the sender's notifications), optionally of one state. */
  all: (params: CardListParams = {}) =>
    queryOptions({ queryKey: cardKeys.list(params), queryFn: ({ signal }) => listCards({ limit: 200, ...params }, { signal }) }),
  /** The recipient's view of a card: an expired (410) or unknown (404) card will not become valid, so no retry. */
  recipient: (hashId: string) =>
    queryOptions({ queryKey: cardKeys.detail(hashId), queryFn: ({ signal }) => getCardForRecipient(hashId, { signal }), staleTime: Infinity }),
};

/** Every list a card is in: its source's, and the lists of all cards. */
export async function invalidateCardLists(client: QueryClient, sourceId?: number): Promise<void> {
  await Promise.all([
    client.invalidateQueries({ queryKey: cardKeys.list() }),
    client.invalidateQueries(
      sourceId === undefined
        ? { predicate: (query) => query.queryKey[0] === sourceKeys.all()[0] && query.queryKey[3] === 'cards' }
        : { queryKey: cardQueries.ofSource(sourceId).queryKey },
    ),
  ]);
}

export function useCreateCard(sourceId: number, { onCreated }: { onCreated: (card: ConfigurationCard) => void }) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateConfigurationCardInput) => createConfigurationCard(sourceId, input),
    onSuccess: async (card) => {
      remember(sourceId, (cards) => [card, ...cards]);
      onCreated(card);
      await invalidateCardLists(client, sourceId);
    },
  });
}

/** Revokes a link; it shows as revoked in the session's list too, should the service revoke without listing. */
export function useRevokeCard({ onRevoked }: { onRevoked: (card: ConfigurationCard) => void }) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ card, sourceId }: { card: ConfigurationCard; sourceId: number }) => revokeConfigurationCard(sourceId, card.id),
    onSuccess: async (_answer, { card: revoked, sourceId }) => {
      const revokedAt = new Date().toISOString();
      remember(sourceId, (cards) => cards.map((card) => (card.id === revoked.id ? { ...card, state: 'revoked', revokedAt } : card)));
      onRevoked(revoked);
      await invalidateCardLists(client, sourceId);
    },
  });
}
