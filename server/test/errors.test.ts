import { afterAll, describe, expect, it } from 'vitest';
import { createSampleFlow, createWorkflow, expectError, listAttempts } from './fixtures';
import { startHarness } from './harness';

// 500 Internal Server Error: what a caller gets when the service itself fails (here its database
// loses a table), with the cause logged and not sent.

const lines: string[] = [];
const service = await startHarness({
  logDestination: {
    write: (line: string) => {
      lines.push(line);
    },
  },
  logLevel: 'error',
});
afterAll(() => service.stop());
const { api, sql } = service;

describe('an unexpected failure', () => {
  it('answers 500 { message: "Internal Server Error" } on run and cancel, and logs the cause', async () => {
    const { flow } = await createSampleFlow(api);
    const workflow = await createWorkflow(api, { flows: [flow.id] });
    await sql('ALTER TABLE run_attempts RENAME TO run_attempts_gone');
    await sql('ALTER TABLE workflow_runs RENAME TO workflow_runs_gone');
    try {
      expectError(await api(`/v2/flows/${String(flow.id)}/run`, { method: 'POST' }), 500, 'Internal Server Error');
      expectError(await api(`/v2/flows/${String(flow.id)}/cancel`, { method: 'POST' }), 500, 'Internal Server Error');
      expectError(await api(`/v2/workflows/${String(workflow.id)}/run`, { method: 'POST' }), 500, 'Internal Server Error');
      expectError(await api(`/v2/workflows/${String(workflow.id)}/cancel`, { method: 'POST' }), 500, 'Internal Server Error');
    } finally {
      await sql('ALTER TABLE run_attempts_gone RENAME TO run_attempts');
      await sql('ALTER TABLE workflow_runs_gone RENAME TO workflow_runs');
    }
    const log = lines.join('');
    expect(log).toContain('"msg":"request failed"');
    expect(log).toContain('run_attempts');
  });

  it('fails what it could not queue, so a later run or discovery is not blocked', async () => {
    const { flow, source } = await createSampleFlow(api);
    const workflow = await createWorkflow(api, { flows: [flow.id] });
    await sql('ALTER TABLE pgboss.job RENAME TO job_gone');
    try {
      expectError(await api(`/v2/flows/${String(flow.id)}/run`, { method: 'POST' }), 500, 'Internal Server Error');
      expectError(await api(`/v2/workflows/${String(workflow.id)}/run`, { method: 'POST' }), 500, 'Internal Server Error');
      // Changed properties ask for a new discovery.
      expectError(await api(`/v2/sources/${String(source.id)}`, { method: 'PATCH', body: { properties: { row_count: 5 } } }), 500, 'Internal Server Error');
    } finally {
      await sql('ALTER TABLE pgboss.job_gone RENAME TO job');
    }
    // A flow's run is stored before the run queue hands it to the job queue, so it is failed there.
    const [attempt] = await listAttempts(api, flow.id, '?limit=1');
    expect(attempt).toMatchObject({ lifecycle: 'not_running', disposition: 'failed', errors: ['The run could not be queued.'] });
    // A job asked for inside a change is inserted in the change's transaction: the failed request made nothing.
    expect(await sql('SELECT disposition FROM workflow_runs WHERE workflow_id = $1', [workflow.id])).toEqual([]);
    expect(await sql("SELECT properties->>'row_count' AS row_count, discovery_status FROM sources WHERE id = $1", [source.id])).toEqual([
      { row_count: '100', discovery_status: expect.not.stringMatching(/^(pending|in_progress)$/) as unknown },
    ]);
    // Nothing is left pending: the next requests are accepted.
    expect((await api(`/v2/flows/${String(flow.id)}/run`, { method: 'POST' })).status).toBe(201);
    expect((await api(`/v2/workflows/${String(workflow.id)}/run`, { method: 'POST' })).status).toBe(201);
  });
});
