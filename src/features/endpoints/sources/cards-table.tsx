import { Badge, Box, Button, Group, Text } from '@mantine/core';
import { useState } from 'react';
import type { ConfigurationCard } from '@/api/cards';
import type { Open } from '@/api/common';
import { AnchorLink } from '@/components/anchor-link';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { CopyButton } from '@/components/copy-button';
import { DateTime } from '@/components/date-time';
import { type Column, ResponsiveTable } from '@/components/responsive-table/responsive-table';
import { ExpiryCountdown } from '@/components/expiry-countdown';
import { useNow } from '@/lib/use-now';
import { useRevokeCard } from '@/resources/cards';

type ShownState = Open<'open' | 'submitted' | 'expired' | 'revoked'>;

/**
 * The state to show now: the service's, except that an open card passes its expiry while the page
 * stays open. A service that does not report states leaves only the expiry to go by.
 */
function shownState(card: ConfigurationCard, now: number): ShownState {
  if (card.state !== undefined && card.state !== 'open') return card.state;
  return Date.parse(card.expiresAt) <= now ? 'expired' : 'open';
}

/** The state first, then what goes with it (time left, or when it was used or revoked); stacks on narrow screens. */
function StateCell({ card, state }: { card: ConfigurationCard; state: ShownState }) {
  const at = (iso: string | null) =>
    iso && (
      <Text size="xs" c="dimmed">
        at <DateTime value={iso} />
      </Text>
    );
  // Badges keep their whole word on a phone: the table gives this column their width rather than cut them.
  const badge = (color: string, label: string) => (
    <Badge color={color} variant="light" miw="max-content">
      {label}
    </Badge>
  );
  switch (state) {
    case 'open':
      return (
        <Group gap={6}>
          {badge('green', 'Open')}
          <Box miw="max-content">
            <ExpiryCountdown expiresAt={card.expiresAt} />
          </Box>
        </Group>
      );
    case 'submitted':
      return (
        <Group gap={6}>
          {badge('blue', 'Submitted')}
          {at(card.submittedAt)}
        </Group>
      );
    case 'expired':
      return (
        <Group gap={6}>
          {badge('red', 'Expired')}
          {at(card.stateChangedAt ?? card.expiresAt)}
        </Group>
      );
    case 'revoked':
      return (
        <Group gap={6}>
          {badge('gray', 'Revoked')}
          {at(card.revokedAt)}
        </Group>
      );
    default:
      return (
        <Badge color="gray" variant="outline" tt="none">
          {state}
        </Badge>
      );
  }
}

const shortLink = (card: ConfigurationCard) => `…/cards/${card.hashId.slice(0, 8)}…`;

/** A source's links with their state; an open one can be copied or revoked (after a confirmation). */
export function CardsTable({
  sourceId,
  cards,
  onRevoked,
  showSource = false,
}: {
  /** The source of every card, on a source's page; else each card's own. */
  sourceId?: number;
  cards: readonly ConfigurationCard[];
  onRevoked?: (card: ConfigurationCard) => void;
  /** A column naming each card's source (the list of every card). */
  showSource?: boolean;
}) {
  const now = useNow(15_000);
  const [target, setTarget] = useState<ConfigurationCard | null>(null);
  const sourceOf = (card: ConfigurationCard) => sourceId ?? card.sourceId;
  const revoke = useRevokeCard({
    onRevoked: (card) => {
      setTarget(null);
      onRevoked?.(card);
    },
  });
  const sourceColumn: Column<ConfigurationCard> = {
    key: 'source',
    header: 'Source',
    cell: (card) => {
      const id = card.sourceId;
      return id === null ? (
        (card.sourceName ?? '—')
      ) : (
        <AnchorLink to="/sources/$sourceId" params={{ sourceId: String(id) }} search={{ tab: 'cards' }}>
          {card.sourceName ?? `Source ${String(id)}`}
        </AnchorLink>
      );
    },
  };
  const columns: Column<ConfigurationCard>[] = [
    ...(showSource ? [sourceColumn] : []),
    {
      key: 'link',
      header: 'Link',
      primary: true,
      cell: (card) => (
        <>
          <Text size="sm" ff="monospace" td={shownState(card, now) === 'open' ? undefined : 'line-through'} style={{ wordBreak: 'break-all' }}>
            {shortLink(card)}
          </Text>
          {card.senderName && (
            <Text size="xs" c="dimmed" fw={400}>
              Asked by {card.senderName}
            </Text>
          )}
          {card.instruction ? (
            <Text size="sm" c="dimmed" lineClamp={3} fw={400}>
              {card.instruction}
            </Text>
          ) : (
            <Text size="xs" c="dimmed" fw={400}>
              No instruction
            </Text>
          )}
        </>
      ),
    },
    {
      key: 'state',
      header: 'State',
      cell: (card) => {
        const state = shownState(card, now);
        return (
          // Actions sit at the end of the state's line, and wrap under it on a phone.
          <Group justify="space-between" gap="xs">
            <StateCell card={card} state={state} />
            {state === 'open' && (
              <Group gap={4}>
                <CopyButton value={card.url} label="Copy" />
                {/* Only a service that reports states knows how to revoke. */}
                {card.state === 'open' && sourceOf(card) !== null && (
                  <Button
                    size="compact-sm"
                    color="red"
                    variant="subtle"
                    aria-label={`Revoke the link ${shortLink(card)}`}
                    onClick={() => {
                      revoke.reset();
                      setTarget(card);
                    }}
                  >
                    Revoke
                  </Button>
                )}
              </Group>
            )}
          </Group>
        );
      },
    },
  ];
  return (
    <>
      <ResponsiveTable label="Configuration cards" columns={columns} rows={cards} rowKey={(card) => card.id} />
      <ConfirmDialog
        opened={target !== null}
        title="Revoke this configuration link?"
        confirmLabel="Revoke link"
        pending={revoke.isPending}
        error={revoke.error}
        onClose={() => {
          setTarget(null);
        }}
        onConfirm={() => {
          const targetSource = target ? sourceOf(target) : null;
          if (target && targetSource !== null && !revoke.isPending) revoke.mutate({ card: target, sourceId: targetSource });
        }}
      >
        <Text size="sm">
          Whoever has the link {target ? shortLink(target) : ''} will no longer be able to open it or send a configuration. This cannot be undone; you can share
          a new link.
        </Text>
      </ConfirmDialog>
    </>
  );
}
