import { queryOptions } from '@tanstack/react-query';
import { getCardForRecipient } from '@/api/cards';

export const cardQueries = {
  /** The recipient's view of a card: an expired (410) or unknown (404) card will not become valid, so no retry. */
  recipient: (hashId: string) =>
    queryOptions({ queryKey: ['cards', 'recipient', hashId], queryFn: ({ signal }) => getCardForRecipient(hashId, { signal }), staleTime: Infinity }),
};
