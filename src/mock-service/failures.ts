import { HttpResponse, delay, type JsonBodyType } from 'msw';
import type { OperationName } from './operations';
import { messageFor } from './responses';

/**
 * How an injected failure answers. `{}` is a 500; `{ delayMs }` alone only slows the real answer
 * down; `body` replaces the whole JSON body (status 200 unless given), `rawBody` sends text that is
 * not JSON, and `network` makes the request fail as if the connection dropped.
 */
export interface Failure {
  status?: number;
  message?: string;
  body?: unknown;
  rawBody?: string;
  network?: boolean;
  delayMs?: number;
}

/** Failures queued with failNext are used once each, in order, before a persistent one from fail. */
export class FailureRegistry {
  private readonly queued = new Map<OperationName, Failure[]>();
  private readonly persistent = new Map<OperationName, Failure>();

  failNext(operation: OperationName, failure: Failure = {}): void {
    this.queued.set(operation, [...(this.queued.get(operation) ?? []), failure]);
  }

  fail(operation: OperationName, failure: Failure = {}): void {
    this.persistent.set(operation, failure);
  }

  clear(operation?: OperationName): void {
    if (operation) {
      this.queued.delete(operation);
      this.persistent.delete(operation);
    } else {
      this.queued.clear();
      this.persistent.clear();
    }
  }

  take(operation: OperationName): Failure | undefined {
    const queue = this.queued.get(operation);
    const next = queue?.shift();
    if (queue?.length === 0) this.queued.delete(operation);
    return next ?? this.persistent.get(operation);
  }
}

/** Applies a failure: the response to answer with, or null to go on with the real handler. */
export async function applyFailure(failure: Failure): Promise<Response | null> {
  if (failure.delayMs !== undefined) await delay(failure.delayMs);
  const onlyDelay = failure.delayMs !== undefined && Object.entries(failure).every(([key, value]) => key === 'delayMs' || value === undefined);
  if (onlyDelay) return null;
  if (failure.network) return HttpResponse.error();
  if (failure.rawBody !== undefined) {
    return new HttpResponse(failure.rawBody, { status: failure.status ?? 200, headers: { 'Content-Type': 'text/plain' } });
  }
  if (failure.body !== undefined) return HttpResponse.json(failure.body as JsonBodyType, { status: failure.status ?? 200 });
  const status = failure.status ?? 500;
  return HttpResponse.json({ message: failure.message ?? messageFor(status) }, { status });
}
