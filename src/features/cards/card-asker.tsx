import { Group, Image, Paper, Stack, Text } from '@mantine/core';
import type { CardForRecipient } from '@/api/cards';
import { ExpiryCountdown } from '@/components/expiry-countdown';
import { ImagePreview } from '@/components/image-preview';

/** Only the service's own logo address: the page never loads a logo from elsewhere under the team's name. */
const ownLogo = (logoUrl: string | null) => (logoUrl?.startsWith('/v2/settings/logo') ? logoUrl : null);

/** "Dana Whitfield of Acme Data Team", "Acme Data Team", "Dana Whitfield", or null when nobody is named. */
export function askerName(card: Pick<CardForRecipient, 'senderName' | 'organizationName'>): string | null {
  if (card.senderName && card.organizationName) return `${card.senderName} of ${card.organizationName}`;
  return card.senderName ?? card.organizationName;
}

export const CREDENTIALS_PROMISE = 'They are stored encrypted and are never shown again, not even to the person who asked.';

/** Who asks, for what kind of source, why (the instruction), until when, and what happens with what is typed. */
export function CardAsker({ card }: { card: CardForRecipient }) {
  const logo = ownLogo(card.logoUrl);
  const kind = card.sourceSpec.displayName ?? card.sourceSpec.name;
  const asker = askerName(card);
  return (
    <Paper withBorder p="md" component="section" aria-label="Who asks">
      <Stack gap="sm">
        <Group gap="md" wrap="nowrap" align="center">
          {logo && <Image src={logo} alt={card.organizationName ? `${card.organizationName} logo` : 'Logo of the team asking'} h={48} w="auto" fit="contain" />}
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
              {asker ? `${asker} asks you to connect a ${kind} source` : `You are asked to connect a ${kind} source`}
            </Text>
            {card.sourceName && (
              <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                It will be used as “{card.sourceName}”.
              </Text>
            )}
          </Stack>
        </Group>
        {card.instruction && (
          <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} aria-label="Instruction from the sender">
            {card.instruction}
          </Text>
        )}
        <ImagePreview src={card.imageUrl} alt="Image from the sender of this link" maxHeight={120} />
        <Group gap="xs">
          <ExpiryCountdown expiresAt={card.expiresAt} />
          <Text size="sm" c="dimmed">
            The link works once.
          </Text>
        </Group>
        <Text size="sm">
          What you type goes only to {card.organizationName ?? 'the team that sent this link'}. {CREDENTIALS_PROMISE}
        </Text>
      </Stack>
    </Paper>
  );
}
