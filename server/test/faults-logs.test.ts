import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attemptEnded, createFilesDestination, createFlow, createSampleSource, expectStatus } from './fixtures';
import { eventually, type Harness, startHarness } from './harness';

// Names, columns and remote errors reach attempt log lines: a line break, an escape sequence or a
// bidi override in them must not forge a line or rewrite what a reader sees.

const FORGED = 'Orders\r\n2030-01-01T00:00:00.000Z ERROR - forged line\u001b[31m red\u2028next\u202eevil\u0007';
/** Any character a log line may not carry raw. */
// eslint-disable-next-line no-control-regex -- control characters are what it looks for
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u200e\u200f\u202a-\u202e\u2066-\u2069]/;

let harness: Harness;
beforeAll(async () => {
  harness = await startHarness();
});
afterAll(async () => {
  await harness.stop();
});

interface WireLine {
  message: string;
  resource: string | null;
  event: string;
  fields: Record<string, unknown>;
}

/** The attempt's lines once the runner has written its last one (the log is flushed just after the attempt ends). */
const finalLines = (flowId: number, attemptId: number) =>
  eventually(
    async () => {
      const answer = expectStatus(await harness.api(`/v2/flows/${String(flowId)}/run/${String(attemptId)}/logs`), 200);
      const lines = (answer.body as { data: { lines: WireLine[] } }).data.lines;
      return lines.some((line) => /^run\.(succeeded|failed)$/.test(line.event)) ? lines : undefined;
    },
    15_000,
    'the last log line',
  );

describe('log lines cannot be forged', () => {
  it('escapes control characters, separators and bidi overrides in what the API answers', async () => {
    const source = await createSampleSource(harness.api, { row_count: 10 }, FORGED);
    const destination = await createFilesDestination(harness.api, undefined, 'Into\nfiles');
    const flow = await createFlow(harness.api, source.id, destination.id);
    expectStatus(await harness.api(`/v2/flows/${String(flow.id)}/run`, { method: 'POST' }), 201);
    const attempt = await attemptEnded(harness.api, flow.id);
    const lines = await finalLines(flow.id, attempt.id);
    const started = lines.find((line) => line.event === 'run.started');
    expect(started?.message).toContain('Orders\\r\\n2030-01-01T00:00:00.000Z ERROR - forged line\\u001b[31m red\\u2028next\\u202eevil');
    expect(started?.message).toContain('Into\\nfiles');
    for (const line of lines) {
      expect(line.message).not.toMatch(UNSAFE);
      expect(line.resource ?? '').not.toMatch(UNSAFE);
      for (const value of Object.values(line.fields)) expect(String(value)).not.toMatch(UNSAFE);
    }
  });

  it('escapes lines stored raw before, on their way out', async () => {
    const source = await createSampleSource(harness.api, { row_count: 1 });
    const destination = await createFilesDestination(harness.api);
    const flow = await createFlow(harness.api, source.id, destination.id);
    expectStatus(await harness.api(`/v2/flows/${String(flow.id)}/run`, { method: 'POST' }), 201);
    const attempt = await attemptEnded(harness.api, flow.id);
    await finalLines(flow.id, attempt.id);
    await harness.sql(`INSERT INTO attempt_log_lines (attempt_id, level, event, message, resource, fields) VALUES ($1, 'error', 'x', $2, $2, $3)`, [
      attempt.id,
      FORGED,
      JSON.stringify({ error: FORGED }),
    ]);
    const answer = expectStatus(await harness.api(`/v2/flows/${String(flow.id)}/run/${String(attempt.id)}/logs`), 200);
    const stored = (answer.body as { data: { lines: WireLine[] } }).data.lines.at(-1);
    expect(stored?.message).toBe('Orders\\r\\n2030-01-01T00:00:00.000Z ERROR - forged line\\u001b[31m red\\u2028next\\u202eevil\\u0007');
    expect(stored?.resource).toBe(stored?.message);
    expect(stored?.fields.error).toBe(stored?.message);
  });
});
