import { Alert } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { isApiError } from '@/api/errors';
import { MESSAGES } from '@/api/messages';

// While the service's own database does not answer, every refresh fails with 503 and the service's
// message: one banner says so over the page (whose last good data stays on screen), and goes away at
// the first refresh that succeeds. The queries keep polling meanwhile, as they do after any failure.

const isDatabaseDown = (error: unknown) => isApiError(error) && error.status === 503 && error.message === MESSAGES.databaseUnavailable;

export function DatabaseBanner() {
  const queryClient = useQueryClient();
  const [down, setDown] = useState(false);
  useEffect(
    () =>
      queryClient.getQueryCache().subscribe((event) => {
        if (event.type !== 'updated') return;
        if (event.action.type === 'error') setDown(isDatabaseDown(event.action.error));
        else if (event.action.type === 'success') setDown(false);
      }),
    [queryClient],
  );
  if (!down) return null;
  return (
    <Alert role="status" color="orange" variant="light" mb="md" title="The service's database is not answering">
      Flowdeck keeps asking; what is on screen may be out of date until it answers again.
    </Alert>
  );
}
