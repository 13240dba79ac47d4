import { Alert, Container, Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { type CardForRecipient, type ClosedCardReason, closedCardReason } from '@/api/cards';
import { isApiError } from '@/api/errors';
import { ErrorState } from '@/components/error-state';
import { BlockSkeleton } from '@/components/skeletons';
import { cardQueries } from '@/resources/cards';
import { CardAsker, CREDENTIALS_PROMISE } from './card-asker';
import { CardRecipientForm } from './card-recipient-form';

const CLOSED: Record<ClosedCardReason, { title: string; text: string; color: string }> = {
  submitted: {
    title: 'This link has already been used',
    text: 'The configuration was already sent with it, and a link works only once. If you need to change something, ask the person who sent it for a new link.',
    color: 'blue',
  },
  revoked: {
    title: 'This link has been revoked',
    text: 'The person who sent it has withdrawn it, so it can no longer be used. Ask them for a new link if you still need to send a configuration.',
    color: 'gray',
  },
  expired: {
    title: 'This link has expired',
    text: 'It can no longer be used to send a configuration. Ask the person who sent it for a new link.',
    color: 'orange',
  },
};

/** Why the card cannot be used, in words for someone who only has the link. */
function Unavailable({ error }: { error: unknown }) {
  const reason = closedCardReason(error);
  if (reason) {
    const { title, text, color } = CLOSED[reason];
    return (
      <Alert color={color} title={title} role="alert">
        {text}
      </Alert>
    );
  }
  if (isApiError(error, 'not_found') || isApiError(error, 'unauthorized')) {
    return (
      <Alert color="red" title="Unknown link" role="alert">
        There is no configuration card at this address. Check that the whole link was copied.
      </Alert>
    );
  }
  return <ErrorState error={error} />;
}

function CardContent({ card }: { card: CardForRecipient }) {
  const [done, setDone] = useState(false);
  // Used or revoked while the form was open: the page gives way to the same message as on opening, and nothing else.
  const [closed, setClosed] = useState<unknown>(null);
  if (closed !== null) return <Unavailable error={closed} />;
  if (done) {
    return (
      <Alert color="teal" title="Thank you" role="status">
        The configuration was sent{card.organizationName ? ` to ${card.organizationName}` : ''}. {CREDENTIALS_PROMISE} You can close this page.
      </Alert>
    );
  }
  return (
    <>
      <CardAsker card={card} />
      <CardRecipientForm
        card={card}
        onClosed={setClosed}
        onSent={() => {
          setDone(true);
        }}
      />
    </>
  );
}

/** Public page for someone without an account who received a configuration card link. */
export function CardRecipientPage({ hashId }: { hashId: string }) {
  const card = useQuery({ ...cardQueries.recipient(hashId), retry: false });
  return (
    // Outside the signed-in frame, so its rule is said here too: a long word (the source's name, the
    // sender's instruction) wraps rather than push the page sideways.
    <Container size="md" py="xl" component="main" style={{ overflowWrap: 'anywhere' }}>
      <Stack gap="lg">
        <Title order={1} size="h2">
          {card.data ? `Configure ${card.data.sourceName ?? card.data.sourceSpec.displayName ?? 'a source'}` : 'Configuration card'}
        </Title>
        {card.isPending && <BlockSkeleton label="Loading the card" rows={5} />}
        {card.isError && <Unavailable error={card.error} />}
        {card.data && <CardContent card={card.data} />}
      </Stack>
    </Container>
  );
}
