import { HttpResponse } from 'msw';
import { CLOSED_CARD_MESSAGES, MESSAGES } from '@/api/messages';

// Bodies as the interface documents them: `{ data }` on success, `{ message }` on error.

/** The text of an injected failure that names only its status. */
const STATUS_MESSAGES: Record<number, string> = {
  400: MESSAGES.badRequest,
  401: MESSAGES.unauthorized,
  403: 'Your current plan does not support this feature.',
  404: MESSAGES.notFound,
  408: MESSAGES.requestTimeout,
  410: CLOSED_CARD_MESSAGES.expired,
  500: MESSAGES.internalError,
  504: MESSAGES.requestTimeout,
};

export function messageFor(status: number): string {
  return STATUS_MESSAGES[status] ?? 'Error';
}

export function errorResponse(status: number, message?: string, headers?: Record<string, string>): Response {
  return HttpResponse.json({ message: message ?? messageFor(status) }, { status, headers });
}

export function dataResponse(data: unknown, status = 200): Response {
  return HttpResponse.json({ data }, { status });
}

export function messageResponse(message: string, status = 200): Response {
  return HttpResponse.json({ message }, { status });
}
