import type { FlowRunRecord, LogLineRecord } from './records';
import { commitOffsets, runEndsAt, viewRun, waitMsOf } from './progress';

// An attempt's log in the mock, like its progress a pure function of the clock: the lines the run has
// written by `now`, oldest first. Lines are told from the run's record (start, resources, a progress
// line a second, how it ended), unless a test gave the run lines of its own. Either way the lines up to
// any time are a prefix of the lines up to a later one, so a cursor (an index) stays valid.

const PROGRESS_EVERY_MS = 1_000;
const numbers = new Intl.NumberFormat('en-US');

const line = (
  at: number,
  level: string,
  event: string,
  message: string,
  resource: string | null = null,
  fields: LogLineRecord['fields'] = {},
): LogLineRecord => ({
  at,
  level,
  event,
  message,
  resource,
  fields,
});

function toldLines(run: FlowRunRecord): LogLineRecord[] {
  const start = run.startedAt;
  const names = run.resources.map((resource) => resource.name);
  const lines = [
    line(start, 'info', 'run.started', `Attempt started (${run.trigger}).`, null, { trigger: run.trigger, attempt: run.number }),
    line(start, 'info', 'run.resources', `${String(names.length)} resources to load: ${names.join(', ') || 'none'}.`, null, { resources: names.length }),
  ];
  if (run.waitingFor) lines.push(line(start, 'info', 'run.waiting', `${run.waitingFor}.`));
  const end = runEndsAt(run);
  const commits = commitOffsets(run).map((offset) => start + offset);
  // Resources load one after another: each starts as the one before it commits.
  const starts = run.resources.map((_, index) => (index === 0 ? start + waitMsOf(run) : (commits[index - 1] ?? start)));
  const told = [...lines];
  run.resources.forEach(({ name, rows }, index) => {
    const startsAt = starts[index] ?? start;
    const commitsAt = commits[index] ?? end;
    if (startsAt > end || (run.cancelledAt !== null && startsAt >= run.cancelledAt)) return;
    told.push(line(startsAt, 'info', 'resource.started', 'Started.', name));
    for (let at = startsAt + PROGRESS_EVERY_MS; at < Math.min(commitsAt, end); at += PROGRESS_EVERY_MS) {
      const counts = viewRun(run, at).resources?.[index];
      if (counts) {
        told.push(
          line(at, 'info', 'resource.progress', `${numbers.format(counts.written)} rows written so far.`, name, {
            extracted: counts.extracted,
            written: counts.written,
          }),
        );
      }
    }
    if (commitsAt <= end && !(run.failure && run.cancelledAt === null)) {
      told.push(
        line(commitsAt, 'info', 'resource.finished', `Finished: ${numbers.format(rows)} rows extracted, ${numbers.format(rows)} loaded.`, name, {
          loaded: rows,
        }),
      );
    }
  });
  const durationMs = end - start;
  if (run.cancelledAt !== null) {
    told.push(line(end, 'warn', 'run.cancel_requested', 'Cancel requested by the user: the run stops at its next batch.'));
    told.push(line(end, 'warn', 'run.cancelled', 'Cancelled: the load in hand was rolled back; tables already committed stay.', null, { durationMs }));
  } else if (run.failure) {
    for (const error of run.failure) told.push(line(end, 'error', 'run.failed', `Attempt failed: ${error}`, null, { error, durationMs }));
  } else {
    told.push(line(end, 'info', 'run.succeeded', 'Attempt succeeded.', null, { durationMs }));
  }
  // Oldest first; lines of one moment keep the order they were told in.
  return told
    .map((each, order) => ({ each, order }))
    .sort((a, b) => a.each.at - b.each.at || a.order - b.order)
    .map(({ each }) => each);
}

/** The lines written by `now`. */
export function attemptLogAt(run: FlowRunRecord, now: number): LogLineRecord[] {
  const lines = run.log ?? toldLines(run);
  const firstUnwritten = lines.findIndex((candidate) => candidate.at > now);
  return firstUnwritten === -1 ? lines : lines.slice(0, firstUnwritten);
}
