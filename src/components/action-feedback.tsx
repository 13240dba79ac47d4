import { Alert } from '@mantine/core';
import { type ApiErrorKind, isApiError } from '@/api/errors';

export type Feedback = { kind: 'success'; message: string } | { kind: 'error'; error: unknown };

const errorTitles: Partial<Record<ApiErrorKind, string>> = {
  bad_request: 'The service refused',
  forbidden: 'Not included in your plan',
  not_found: 'Not found',
  server: 'The service failed',
  timeout: 'No answer in time',
  network: 'The service cannot be reached',
};

/** What the service said about the last action: its message on success, its error (403: the plan message verbatim). */
export function ActionFeedback({ feedback, onClose }: { feedback: Feedback | null; onClose: () => void }) {
  if (!feedback) return null;
  if (feedback.kind === 'success') {
    return (
      <Alert color="green" variant="light" withCloseButton closeButtonLabel="Dismiss" onClose={onClose} role="status">
        {feedback.message}
      </Alert>
    );
  }
  const { error } = feedback;
  const kind = isApiError(error) ? error.kind : null;
  const message = error instanceof Error ? error.message : String(error);
  return (
    <Alert
      color={kind === 'forbidden' ? 'yellow' : 'red'}
      variant="light"
      title={(kind && errorTitles[kind]) ?? 'Something went wrong'}
      withCloseButton
      closeButtonLabel="Dismiss"
      onClose={onClose}
      role="alert"
    >
      {message}
    </Alert>
  );
}
