import { Alert, Container, Grid, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { type CardForRecipient, type ClosedCardReason, closedCardReason, submitCard } from '@/api/cards';
import { isApiError } from '@/api/errors';
import { ErrorState } from '@/components/error-state';
import { BlockSkeleton } from '@/components/skeletons';
import { ExpiryCountdown } from '@/components/expiry-countdown';
import { ImagePreview } from '@/components/image-preview';
import { LazyMarkdown } from '@/components/lazy-markdown';
import { PropertyForm } from '@/components/property-form/property-form';
import { cardQueries } from '@/resources/cards';

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

function CardForm({ card }: { card: CardForRecipient }) {
  const [done, setDone] = useState(false);
  // Used or revoked while the form was open: the form gives way to the same message as on opening.
  const [closed, setClosed] = useState<unknown>(null);
  if (closed !== null) return <Unavailable error={closed} />;
  if (done) {
    return (
      <Alert color="teal" title="Thank you" role="status">
        The configuration was sent to {card.sourceName ?? 'the source'}. You can close this page.
      </Alert>
    );
  }
  const spec = card.sourceSpec;
  return (
    <Grid gap="xl">
      <Grid.Col span={{ base: 12, md: spec.instructions ? 7 : 12 }}>
        <PropertyForm
          definitions={spec.propertyDefinitions}
          requiredCheck="mark"
          allowEmptySubmit={false}
          defaults="hidden"
          submitLabel="Send configuration"
          onSubmit={async (changes) => {
            try {
              await submitCard(card.hashId, { properties: changes.properties });
            } catch (error) {
              if (closedCardReason(error) === null) throw error;
              setClosed(error);
              return;
            }
            setDone(true);
          }}
        />
        <Text size="xs" c="dimmed" mt="sm">
          Values already on file are not shown here; fill in what you were asked for. Secrets are stored encrypted and never shown again.
        </Text>
      </Grid.Col>
      {spec.instructions && (
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Paper withBorder p="md" component="aside" aria-label="Setup instructions">
            <Title order={2} size="h5" mb="xs">
              How to find these values
            </Title>
            <LazyMarkdown>{spec.instructions}</LazyMarkdown>
          </Paper>
        </Grid.Col>
      )}
    </Grid>
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
        {card.data && (
          <>
            <Paper withBorder p="md">
              <Stack gap="sm">
                <ImagePreview src={card.data.imageUrl} alt={`Image from the sender of this link`} maxHeight={120} />
                {card.data.instruction && <Text style={{ whiteSpace: 'pre-wrap' }}>{card.data.instruction}</Text>}
                <Text size="sm" c="dimmed">
                  Someone asked you to fill in the connection details of a {card.data.sourceSpec.displayName ?? card.data.sourceSpec.name} source.
                </Text>
                <ExpiryCountdown expiresAt={card.data.expiresAt} />
              </Stack>
            </Paper>
            <CardForm card={card.data} />
          </>
        )}
      </Stack>
    </Container>
  );
}
