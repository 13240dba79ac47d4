import { createFileRoute } from '@tanstack/react-router';
import { CardRecipientPage } from '@/features/cards/card-recipient-page';

/** Public: the recipient of a card link has no account and no API key; the card's hash is its credential. */
export const Route = createFileRoute('/cards/$hashId')({
  component: function CardRoute() {
    const { hashId } = Route.useParams();
    return <CardRecipientPage hashId={hashId} />;
  },
});
