import { Alert, Button, Loader, Stack, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { type ConfigurationCard, type CreateConfigurationCardInput, createConfigurationCard } from '@/api/cards';
import type { Source } from '@/api/sources';
import { ErrorState } from '@/components/error-state';
import { sourceQueries } from '@/lib/queries/source-queries';
import { CardLink } from './card-link';
import { CardsTable } from './cards-table';
import { cardsCreatedThisSession, rememberCard, rememberRevoked } from './session-cards';
import { ShareCardForm } from './share-card-form';

/** Sharing links that let someone without an account fill in this source's configuration. */
export function SourceCards({ source }: { source: Source }) {
  const queryClient = useQueryClient();
  const cards = useQuery(sourceQueries.cards(source.id));
  const [sharing, setSharing] = useState(false);
  const [latest, setLatest] = useState<ConfigurationCard | null>(null);
  const create = useMutation({
    mutationFn: (input: CreateConfigurationCardInput) => createConfigurationCard(source.id, input),
    onSuccess: async (card) => {
      rememberCard(source.id, card);
      setLatest(card);
      setSharing(false);
      await queryClient.invalidateQueries({ queryKey: sourceQueries.cards(source.id).queryKey });
    },
  });
  const revoked = async (card: ConfigurationCard) => {
    rememberRevoked(source.id, card.id, new Date().toISOString());
    if (latest?.id === card.id) setLatest(null);
    await queryClient.invalidateQueries({ queryKey: sourceQueries.cards(source.id).queryKey });
  };
  const listed = cards.data?.available ? cards.data.items : cardsCreatedThisSession(source.id);
  return (
    <Stack gap="md">
      {!sharing && (
        <Button
          w="fit-content"
          onClick={() => {
            setSharing(true);
            create.reset();
          }}
        >
          Share configuration link
        </Button>
      )}
      {sharing && (
        <Stack gap="xs" maw={560}>
          <ShareCardForm
            onSubmit={(input) => create.mutateAsync(input).catch(() => undefined)}
            onCancel={() => {
              setSharing(false);
            }}
          />
          {create.isError && <ErrorState error={create.error} />}
        </Stack>
      )}
      {latest && <CardLink card={latest} />}
      <Text fw={500}>Links for this source</Text>
      {cards.isPending && <Loader size="sm" aria-label="Loading links" />}
      {cards.isError && <ErrorState error={cards.error} onRetry={() => void cards.refetch()} />}
      {cards.data && !cards.data.available && (
        <Alert color="gray" variant="light">
          This service does not list a source's links: these are the ones created in this browser session.
        </Alert>
      )}
      {cards.data &&
        (listed.length === 0 ? (
          <Text size="sm" c="dimmed">
            No links yet.
          </Text>
        ) : (
          <CardsTable sourceId={source.id} cards={listed} onRevoked={revoked} />
        ))}
    </Stack>
  );
}
