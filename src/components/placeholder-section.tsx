import { Alert } from '@mantine/core';
import type { ReactNode } from 'react';

/** An honest marker for a screen that is not built yet, saying what will be here. */
export function PlaceholderSection({ children }: { children: ReactNode }) {
  return (
    <Alert color="gray" variant="light" title="Not built yet">
      {children}
    </Alert>
  );
}
