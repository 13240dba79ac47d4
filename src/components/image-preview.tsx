import { Image, Text } from '@mantine/core';
import { useState } from 'react';
import { safeHttpUrl } from '@/lib/urls';

/** A preview of an http(s) image; anything else, or an image that fails to load, is said in words. */
export function ImagePreview({ src, alt, maxHeight = 160 }: { src: string | null; alt: string; maxHeight?: number }) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const safe = safeHttpUrl(src);
  if (!src) return null;
  if (!safe)
    return (
      <Text size="sm" c="dimmed">
        The image address is not an http(s) link, so it is not shown.
      </Text>
    );
  if (failedSrc === safe)
    return (
      <Text size="sm" c="dimmed">
        The image at {safe} could not be loaded.
      </Text>
    );
  return (
    <Image
      src={safe}
      alt={alt}
      mah={maxHeight}
      w="auto"
      fit="contain"
      radius="sm"
      referrerPolicy="no-referrer"
      onError={() => {
        setFailedSrc(safe);
      }}
    />
  );
}
