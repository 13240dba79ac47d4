import type { FlowRunRecord, LogLineRecord } from './records';
import { runEndsAt, viewRun } from './progress';

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
    ...names.map((name) => line(start, 'info', 'resource.started', 'Started.', name)),
  ];
  const end = runEndsAt(run);
  for (let at = start + PROGRESS_EVERY_MS; at < end; at += PROGRESS_EVERY_MS) {
    for (const counts of viewRun(run, at).resources ?? []) {
      lines.push(
        line(at, 'info', 'resource.progress', `${numbers.format(counts.loaded)} rows loaded so far.`, counts.name, {
          extracted: counts.extracted,
          loaded: counts.loaded,
        }),
      );
    }
  }
  const durationMs = end - start;
  if (run.cancelledAt !== null) {
    lines.push(line(end, 'warn', 'run.cancel_requested', 'Cancel requested by the user: the run stops at its next batch.'));
    lines.push(line(end, 'warn', 'run.cancelled', 'Cancelled: the loads in hand were rolled back.', null, { durationMs }));
  } else if (run.failure) {
    for (const error of run.failure) lines.push(line(end, 'error', 'run.failed', `Attempt failed: ${error}`, null, { error, durationMs }));
  } else {
    for (const { name, rows } of run.resources) {
      lines.push(
        line(end, 'info', 'resource.finished', `Finished: ${numbers.format(rows)} rows extracted, ${numbers.format(rows)} loaded.`, name, { loaded: rows }),
      );
    }
    lines.push(line(end, 'info', 'run.succeeded', 'Attempt succeeded.', null, { durationMs }));
  }
  return lines;
}

/** The lines written by `now`. */
export function attemptLogAt(run: FlowRunRecord, now: number): LogLineRecord[] {
  const lines = run.log ?? toldLines(run);
  const firstUnwritten = lines.findIndex((candidate) => candidate.at > now);
  return firstUnwritten === -1 ? lines : lines.slice(0, firstUnwritten);
}
