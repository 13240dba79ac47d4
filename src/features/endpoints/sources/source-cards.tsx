import { Alert, Button, Stack, Text } from '@mantine/core';
import { PermissionNote } from '@/components/permitted';
import { usePermission } from '@/resources/identity';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { ConfigurationCard } from '@/api/cards';
import type { Source } from '@/api/sources';
import { ErrorState } from '@/components/error-state';
import { BlockSkeleton } from '@/components/skeletons';
import { AnchorLink } from '@/components/anchor-link';
import { LinkAddressNotice } from '@/components/link-address-notice';
import { cardQueries, useCreateCard } from '@/resources/cards';
import { settingsQueries } from '@/resources/settings';
import { CardLink } from './card-link';
import { CardsTable } from './cards-table';
import { ShareCardForm } from './share-card-form';

/** Sharing links that let someone without an account fill in this source's configuration. */
export function SourceCards({ source }: { source: Source }) {
  const may = usePermission('listConfigurationCards');
  const cards = useQuery({ ...cardQueries.ofSource(source.id), enabled: may.allowed });
  // A service without settings (proxy mode) says nothing about its address: no notice then.
  const settings = useQuery({ ...settingsQueries.current(), retry: false });
  const [sharing, setSharing] = useState(false);
  const [latest, setLatest] = useState<ConfigurationCard | null>(null);
  const create = useCreateCard(source.id, {
    onCreated: (card) => {
      setLatest(card);
      setSharing(false);
    },
  });
  if (!may.allowed) return <PermissionNote permission={may} />;
  return (
    <Stack gap="md">
      {settings.data && (
        <LinkAddressNotice
          settings={settings.data}
          howTo={
            <>
              Set the address people use to reach Flowdeck in <AnchorLink to="/settings">Settings</AnchorLink> (or start the service with FLOWDECK_PUBLIC_URL).
            </>
          }
        />
      )}
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
      {cards.isPending && <BlockSkeleton label="Loading links" rows={2} />}
      {cards.isError && <ErrorState error={cards.error} onRetry={() => void cards.refetch()} />}
      {cards.data && !cards.data.available && (
        <Alert color="gray" variant="light">
          This service does not list a source's links: these are the ones created in this browser session.
        </Alert>
      )}
      {cards.data &&
        (cards.data.items.length === 0 ? (
          <Text size="sm" c="dimmed">
            No links yet.
          </Text>
        ) : (
          <CardsTable
            sourceId={source.id}
            cards={cards.data.items}
            onRevoked={(card) => {
              if (latest?.id === card.id) setLatest(null);
            }}
          />
        ))}
    </Stack>
  );
}
