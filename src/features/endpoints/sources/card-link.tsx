import { Group, Paper, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { lazy, Suspense } from 'react';
import type { ConfigurationCard } from '@/api/cards';
import { CopyButton } from '@/components/copy-button';
import { ExpiryCountdown } from '@/components/expiry-countdown';
import { ImagePreview } from '@/components/image-preview';

// The QR code's encoder (about 6 KB gzip) comes with the first link made, not with the source page.
const QRCodeSVG = lazy(async () => ({ default: (await import('qrcode.react')).QRCodeSVG }));
const QR_SIZE = 144;

/** A freshly created link: copy it, scan it, see when it expires and what the recipient will see. */
export function CardLink({ card }: { card: ConfigurationCard }) {
  return (
    <Paper withBorder p="md" aria-label="New configuration link" component="section">
      <Group align="flex-start" gap="lg" wrap="wrap">
        <Stack gap="sm" style={{ flex: '1 1 320px' }}>
          <Group align="flex-end" gap="xs" wrap="nowrap">
            <TextInput
              label="Configuration link"
              value={card.url}
              readOnly
              style={{ flex: 1 }}
              onFocus={(event) => {
                event.currentTarget.select();
              }}
            />
            <CopyButton value={card.url} />
          </Group>
          <Group gap="xs">
            <ExpiryCountdown expiresAt={card.expiresAt} />
          </Group>
          {card.instruction && <Text size="sm">Instruction: {card.instruction}</Text>}
          <ImagePreview src={card.imageUrl} alt="Image shown to the recipient" />
        </Stack>
        <Stack gap={4} align="center">
          <Suspense fallback={<Skeleton width={QR_SIZE} height={QR_SIZE} radius={0} aria-label="Drawing the QR code" />}>
            <QRCodeSVG value={card.url} size={QR_SIZE} marginSize={2} role="img" aria-label="QR code of the configuration link" />
          </Suspense>
          <Text size="xs" c="dimmed">
            Scan to open
          </Text>
        </Stack>
      </Group>
    </Paper>
  );
}
