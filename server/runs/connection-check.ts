import { randomUUID } from 'node:crypto';
import { Timeout } from '@/service-rules/errors';
import { destinationConnector, sourceConnector } from '../connectors/registry';
import type { VerificationMessage } from '../connectors/types';
import { revealProperties } from '../properties';
import type { Logger } from '../logger';
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

/**
 * What a worker keeps in the queue's table as the job's answer: the messages, or only that the bound
 * ran out or the check broke. An error's own text stays in the worker's log, never in the table (it
 * could quote a connection string).
 */
export type CheckAnswer = { messages: VerificationMessage[] } | { timeout: true } | { broken: true };

/** The job handler on a worker. */
export async function answerConnectionCheck(box: SecretBox, logger: Logger, request: ConnectionCheckRequest): Promise<CheckAnswer> {
  try {
    return { messages: await checkConnectionHere(box, request) };
  } catch (error) {
    if (error instanceof Timeout) return { timeout: true };
    logger.warn({ kind: request.kind, spec: request.spec, err: (error as Error).message }, 'connection check failed');
    return { broken: true };
  }
}

/** Queues the check for a worker and waits for its messages; Timeout once the bound has passed. */
export async function checkConnectionOnWorker(queue: JobQueue, request: ConnectionCheckRequest): Promise<VerificationMessage[]> {
  const deadline = Date.now() + request.timeoutMs;
  const id = randomUUID();
  await queue.send(QUEUES.connectionCheck, request, id);
  while (Date.now() < deadline) {
    await new Promise((resolveWait) => setTimeout(resolveWait, Math.min(ANSWER_POLL_MS, Math.max(0, deadline - Date.now()))));
    const job = await queue.jobState(QUEUES.connectionCheck, id);
    if (job?.state === 'completed') {
      const answer = job.output as CheckAnswer;
      if ('messages' in answer) return answer.messages;
      if ('timeout' in answer) break;
      throw new Error('The connection check failed on a worker (its log says why).');
    }
  }
  await queue.cancel(QUEUES.connectionCheck, id).catch(() => undefined);
  throw new Timeout();
}
