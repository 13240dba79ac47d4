import { Alert } from '@mantine/core';
import type { ReactNode } from 'react';
import type { Settings } from '@/api/settings';

/**
 * Said wherever links are made or set: on a loopback address they open only on the computer the service runs
 * on. `howTo` says where to set the public address from here.
 */
export function LinkAddressNotice({ settings, howTo }: { settings: Pick<Settings, 'linkOrigin' | 'linkOriginLocal'>; howTo: ReactNode }) {
  if (!settings.linkOriginLocal) return null;
  return (
    <Alert color="orange" variant="light" title="Links open only on this computer" role="status">
      Links start with {settings.linkOrigin}, an address only the computer running Flowdeck reaches, so nobody else can open them or scan their QR code. {howTo}
    </Alert>
  );
}
