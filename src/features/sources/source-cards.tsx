import { Alert, Badge, Button, Loader, Stack, Table, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { type ConfigurationCard, type CreateConfigurationCardInput, createConfigurationCard } from '@/api/cards';
import type { Source } from '@/api/sources';
import { CopyButton } from '@/components/copy-button';
import { ErrorState } from '@/components/error-state';
import { ExpiryCountdown } from '@/components/expiry-countdown';
import { sourceQueries } from '@/lib/queries/source-queries';
import { useNow } from '@/lib/use-now';
import { CardLink } from './card-link';
import { cardsCreatedThisSession, rememberCard } from './session-cards';
import { ShareCardForm } from './share-card-form';

function CardsTable({ cards }: { cards: ConfigurationCard[] }) {
  const now = useNow(15_000);
  return (
    <Table striped aria-label="Configuration cards">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Link</Table.Th>
          <Table.Th>Instruction</Table.Th>
          <Table.Th>Expiry</Table.Th>
          <Table.Th aria-label="Actions" />
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {cards.map((card) => {
          const expired = Date.parse(card.expiresAt) <= now;
          return (
            <Table.Tr key={card.id}>
              <Table.Td>
                <Text size="sm" ff="monospace" td={expired ? 'line-through' : undefined}>
                  …/cards/{card.hashId.slice(0, 8)}…
                </Text>
              </Table.Td>
              <Table.Td>{card.instruction ?? <Text span c="dimmed" size="sm">—</Text>}</Table.Td>
              <Table.Td>
                {expired ? <Badge color="red" variant="light">Expired</Badge> : <ExpiryCountdown expiresAt={card.expiresAt} />}
              </Table.Td>
              <Table.Td>{!expired && <CopyButton value={card.url} label="Copy" />}</Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}

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
  const listed = cards.data?.available ? cards.data.items : cardsCreatedThisSession(source.id);
  return (
    <Stack gap="md">
      {!sharing && (
        <Button w="fit-content" onClick={() => { setSharing(true); create.reset(); }}>
          Share configuration link
        </Button>
      )}
      {sharing && (
        <Stack gap="xs" maw={560}>
          <ShareCardForm onSubmit={(input) => create.mutateAsync(input).catch(() => undefined)} onCancel={() => { setSharing(false); }} />
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
      {cards.data && (listed.length === 0 ? <Text size="sm" c="dimmed">No links yet.</Text> : <CardsTable cards={listed} />)}
    </Stack>
  );
}
