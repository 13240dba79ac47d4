import { HttpResponse } from 'msw';

// Bodies as the interface documents them: `{ data }` on success, `{ message }` on error.

export const STATUS_MESSAGES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Your current plan does not support this feature.',
  404: 'Not Found',
  408: 'Request Timeout',
  410: 'This configuration link has expired.',
  500: 'Internal Server Error',
  504: 'Request Timeout',
};

export function messageFor(status: number): string {
  return STATUS_MESSAGES[status] ?? 'Error';
}

/** Thrown inside a handler to answer with an error; the route wrapper turns it into a response. */
export class MockHttpError extends Error {
  readonly status: number;
  constructor(status: number, message?: string) {
    super(message ?? messageFor(status));
    this.status = status;
  }
}

export const badRequest = (message?: string) => new MockHttpError(400, message);
export const notFound = () => new MockHttpError(404);

export function errorResponse(status: number, message?: string): Response {
  return HttpResponse.json({ message: message ?? messageFor(status) }, { status });
}

export function dataResponse(data: unknown, status = 200): Response {
  return HttpResponse.json({ data }, { status });
}

export function messageResponse(message: string, status = 200): Response {
  return HttpResponse.json({ message }, { status });
}
