import { SegmentedControl, Stack, Text } from '@mantine/core';
import { PermissionNote } from '@/components/permitted';
import { usePermission } from '@/resources/identity';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { CARD_STATES, type CardState } from '@/api/cards';
import { PageHeader } from '@/components/page-header';
import { PAGE_INTROS } from '@/lib/page-intros';
import { cardQueries } from '@/resources/cards';
import { CardsTable } from './cards-table';

const FILTERS = [{ value: 'all', label: 'All' }, ...CARD_STATES.map((state) => ({ value: state, label: state.charAt(0).toUpperCase() + state.slice(1) }))];

/** Every configuration link sent, across sources: its state and when it changed, filterable, with Revoke. */
export function SharedLinksPage({ state }: { state: CardState | undefined }) {
  const may = usePermission('listCards');
  if (!may.allowed) {
    return (
      <>
        <PageHeader {...PAGE_INTROS['/shared-links']} />
        <PermissionNote permission={may} />
      </>
    );
  }
  return <SharedLinks state={state} />;
}

function SharedLinks({ state }: { state: CardState | undefined }) {
  const { data: cards } = useSuspenseQuery(cardQueries.all(state ? { state } : {}));
  const navigate = useNavigate();
  return (
    <>
      <PageHeader {...PAGE_INTROS['/shared-links']} />
      <Stack gap="md">
        <SegmentedControl
          aria-label="Show links"
          w="fit-content"
          data={FILTERS}
          value={state ?? 'all'}
          onChange={(value) => {
            void navigate({ to: '/shared-links', search: value === 'all' ? {} : { state: value as CardState } });
          }}
        />
        {cards.length === 0 ? (
          <Text c="dimmed">{state ? `No ${state} links.` : 'No links yet. Share one from a source’s Configuration cards tab.'}</Text>
        ) : (
          <CardsTable cards={cards} showSource />
        )}
      </Stack>
    </>
  );
}
