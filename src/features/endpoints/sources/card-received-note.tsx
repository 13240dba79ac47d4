import { Alert } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { AnchorLink } from '@/components/anchor-link';
import { TimeAgo } from '@/components/time-ago';
import { useNow } from '@/lib/use-now';
import { cardQueries } from '@/resources/cards';

const RECENT_MS = 7 * 24 * 3_600_000;

/** On the source's page: the configuration last received through one of its links, in the past week. */
export function CardReceivedNote({ sourceId }: { sourceId: number }) {
  const cards = useQuery(cardQueries.ofSource(sourceId));
  const now = useNow(60_000);
  const received = cards.data?.items
    .filter((card) => card.state === 'submitted' && card.submittedAt !== null && now - Date.parse(card.submittedAt) < RECENT_MS)
    .sort((a, b) => Date.parse(b.submittedAt ?? '') - Date.parse(a.submittedAt ?? ''))[0];
  if (!received) return null;
  return (
    <Alert color="teal" variant="light" mb="lg" role="status" title="Configuration received through a link">
      {received.senderName ? `The link ${received.senderName} shared` : 'A configuration link'} was filled in <TimeAgo iso={received.submittedAt} />: the source
      has the new settings. See its{' '}
      <AnchorLink to="/sources/$sourceId" params={{ sourceId: String(sourceId) }} search={{ tab: 'cards' }}>
        links
      </AnchorLink>
      .
    </Alert>
  );
}
