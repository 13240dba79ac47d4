import { badRequestText, MESSAGES } from '@/api/messages';

// What can go wrong in the service's own terms, thrown by the rules, the runs, the connectors and the
// property handling, and turned into an HTTP answer in one place (answerOf): the service's error
// handler (server/http/errors.ts) and the mock service's route wrapper both use it, so a kind of
// problem answers the same status and words on both.

export abstract class DomainError extends Error {}

/** The request itself is malformed: 400 `Bad Request: <detail>`. */
export class InvalidInput extends DomainError {
  constructor(readonly detail?: string) {
    super(badRequestText(detail));
  }
}

/** A setting that points where connectors may not go (a path, an address): 400 `Bad Request: <detail>`. */
export class RefusedTarget extends DomainError {}

/**
 * The request is well formed but the state refuses it (the flow is already running, the source it names
 * does not exist): 400 with the message as it is, as the interface answers a run of a running flow.
 */
export class Conflict extends DomainError {}

/** 404 `Not Found`. */
export class NotFound extends DomainError {
  constructor() {
    super(MESSAGES.notFound);
  }
}

/** 410: what the request addresses existed and no longer works (a used, revoked or expired card). */
export class Gone extends DomainError {}

/** 408 `Request Timeout`: the service gave up on work bounded in time (verify). */
export class Timeout extends DomainError {
  constructor() {
    super(MESSAGES.requestTimeout);
  }
}

/** 429: the caller did this too often (a card's Test connection past its tries a minute); Retry-After says when to try again. */
export class TooManyRequests extends DomainError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(message);
  }
}

export interface ErrorAnswer {
  status: 400 | 404 | 408 | 410 | 429;
  message: string;
  /** 429's Retry-After, in seconds. */
  retryAfterSeconds?: number;
}

/** The status and `{ message }` a domain error answers with; null for anything else (a bug: 500). */
export function answerOf(error: unknown): ErrorAnswer | null {
  if (error instanceof InvalidInput || error instanceof Conflict) return { status: 400, message: error.message };
  if (error instanceof RefusedTarget) return { status: 400, message: badRequestText(error.message) };
  if (error instanceof NotFound) return { status: 404, message: error.message };
  if (error instanceof Gone) return { status: 410, message: error.message };
  if (error instanceof Timeout) return { status: 408, message: error.message };
  if (error instanceof TooManyRequests) return { status: 429, message: error.message, retryAfterSeconds: error.retryAfterSeconds };
  return null;
}
