import { Alert, Button, Code, Stack, Text } from '@mantine/core';
import { ApiError, type ApiErrorKind, isApiError } from '@/api/errors';

const titles: Record<ApiErrorKind, string> = {
  bad_request: 'The service refused the request',
  unauthorized: 'Your session has ended',
  forbidden: 'Not included in your plan',
  not_found: 'Not found',
  gone: 'No longer available',
  server: 'The service failed',
  timeout: 'The service did not answer in time',
  network: 'The service cannot be reached',
  invalid_response: 'The service sent data Flowdeck does not understand',
};

/** Says what failed in the user's terms; a 403 shows the service's plan message verbatim. */
export function ErrorState({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const kind = isApiError(error) ? error.kind : null;
  const message = error instanceof Error ? error.message : String(error);
  return (
    <Alert color={kind === 'forbidden' ? 'yellow' : 'red'} title={kind ? titles[kind] : 'Something went wrong'} role="alert">
      <Stack gap="xs">
        <Text size="sm">{message}</Text>
        {isApiError(error, 'invalid_response') && error.issues.length > 0 && <Code block>{error.issues.slice(0, 5).join('\n')}</Code>}
        {onRetry && kind !== 'forbidden' && (
          <Button variant="light" size="xs" w="fit-content" onClick={onRetry}>
            Try again
          </Button>
        )}
      </Stack>
    </Alert>
  );
}

/**
 * A 404 to one of Flowdeck's additions says nothing certain: the thing may be gone, or the service (the
 * hosted one behind proxy mode) lacks the operation. `meaning` says both, in the screen's own words.
 */
export function withNotFoundMeaning(error: unknown, meaning: string): unknown {
  return isApiError(error, 'not_found') ? new ApiError('not_found', meaning, { status: error.status }) : error;
}
