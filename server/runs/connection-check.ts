import { randomUUID } from 'node:crypto';
import { Timeout } from '@/service-rules/errors';
import { destinationConnector, sourceConnector } from '../connectors/registry';
import type { VerificationMessage } from '../connectors/types';
import { revealProperties } from '../properties';
import type { SecretBox } from '../secrets';
import { type JobData, type JobQueue, QUEUES } from './queue';
import { withTimeout } from './time-bound';

// Verify's connection check: the connector really connects, bounded in time (10 s by the interface).
// An instance that executes jobs checks in place. A web instance (FLOWDECK_ROLE=web) may lack the
// network reach and the shared folders connectors need, so it queues the check for a worker and
// waits for its answer, polling the job, within the same bound: the request still gets its messages,
// or 408 when no answer came in time, whoever ran it.

export type ConnectionCheckRequest = JobData['connection-check'];

/** How often a waiting web instance looks at the job (a worker takes it within its 0.5 s polling). */
const ANSWER_POLL_MS = 100;

/** Runs the check here: the job handler on a worker, the whole verify on an `all` instance. */
export async function checkConnectionHere(box: SecretBox, request: ConnectionCheckRequest): Promise<VerificationMessage[]> {
  const connector = request.kind === 'source' ? sourceConnector(request.spec) : destinationConnector(request.spec);
  if (!connector) throw new Error(`This service cannot connect to "${request.spec}" yet.`);
  return withTimeout(
    request.timeoutMs,
    () => new Timeout(),
    (signal) => connector.verify(revealProperties(request.properties, box), signal),
  );
}

/** Queues the check for a worker and waits for its messages; Timeout once the bound has passed. */
export async function checkConnectionOnWorker(queue: JobQueue, request: ConnectionCheckRequest): Promise<VerificationMessage[]> {
  const deadline = Date.now() + request.timeoutMs;
  const id = randomUUID();
  await queue.send(QUEUES.connectionCheck, request, id);
  while (Date.now() < deadline) {
    await new Promise((resolveWait) => setTimeout(resolveWait, Math.min(ANSWER_POLL_MS, Math.max(0, deadline - Date.now()))));
    const job = await queue.jobState(QUEUES.connectionCheck, id);
    if (job?.state === 'completed') return (job.output as { value: VerificationMessage[] }).value;
    // The worker's own bound ran out (Timeout), or it could not check at all.
    if (job?.state === 'failed') throw failureOf(job.output);
  }
  await queue.cancel(QUEUES.connectionCheck, id).catch(() => undefined);
  throw new Timeout();
}

/** pg-boss keeps a failed handler's error as `{ name, message, stack }`: the same error again, by its message. */
function failureOf(output: unknown): Error {
  const message = (output as { message?: unknown } | null)?.message;
  const timeout = new Timeout();
  if (typeof message !== 'string') return new Error('The connection check failed.');
  return message === timeout.message ? timeout : new Error(message);
}
