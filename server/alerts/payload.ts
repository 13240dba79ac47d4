import type { AlertEvent } from '@/api/alerts';

// What a delivery says, fixed when its event is detected (so every try sends the same thing). The
// README documents this body. A Slack channel is sent `{ text }` only; a webhook channel the whole
// payload with the delivery's `id`, signed (deliver.ts).

export interface AlertPayload {
  event: AlertEvent | 'test';
  /** When the event happened: the attempt's end, the due time of a late run, the test's request. */
  occurredAt: string;
  flow: { id: number; name: string; url: string } | null;
  attempt: { id: number; number: number; errors: string[]; completedAt: string | null } | null;
  /** flow_late: when the run that did not start was due. */
  dueAt: string | null;
  /** One line for people (what Slack shows). */
  text: string;
}

interface FlowRef {
  id: number;
  name: string;
}

const flowLink = (origin: string, flow: FlowRef) => ({ id: flow.id, name: flow.name, url: `${origin}/flows/${String(flow.id)}` });

export interface AttemptRef {
  id: number;
  number: number;
  errors: string[];
  completedAt: Date | null;
}

const attemptOf = (attempt: AttemptRef) => ({
  id: attempt.id,
  number: attempt.number,
  errors: attempt.errors,
  completedAt: attempt.completedAt?.toISOString() ?? null,
});

const runText = (event: 'run_failed' | 'run_recovered' | 'schema_changed', flow: FlowRef, attempt: AttemptRef) => {
  const firstError = attempt.errors[0];
  const number = `attempt #${String(attempt.number)}`;
  if (event === 'run_failed') return `Flow “${flow.name}” failed (${number})${firstError ? `: ${firstError}` : '.'}`;
  if (event === 'schema_changed') return `Flow “${flow.name}” is paused: the columns of its source changed (${number}). ${attempt.errors.join(' ')}`;
  return `Flow “${flow.name}” succeeded again (${number}) after failing.`;
};

export function runPayload(event: 'run_failed' | 'run_recovered' | 'schema_changed', origin: string, flow: FlowRef, attempt: AttemptRef): AlertPayload {
  const text = runText(event, flow, attempt);
  return {
    event,
    occurredAt: (attempt.completedAt ?? new Date()).toISOString(),
    flow: flowLink(origin, flow),
    attempt: attemptOf(attempt),
    dueAt: null,
    text,
  };
}

export function latePayload(origin: string, flow: FlowRef, dueAt: Date): AlertPayload {
  const due = dueAt.toISOString();
  return {
    event: 'flow_late',
    occurredAt: due,
    flow: flowLink(origin, flow),
    attempt: null,
    dueAt: due,
    text: `Flow “${flow.name}” is late: a run was due at ${due.replace('T', ' ').replace(/\.\d+Z$/, ' UTC')} and has not started or succeeded.`,
  };
}

export function testPayload(channelName: string): AlertPayload {
  return {
    event: 'test',
    occurredAt: new Date().toISOString(),
    flow: null,
    attempt: null,
    dueAt: null,
    text: `Test alert from Flowdeck: channel “${channelName}” works.`,
  };
}
