import { afterAll, describe, expect, it } from 'vitest';
import { createSampleFlow, createWorkflow, expectError } from './fixtures';
import { startHarness } from './harness';

// 500 Internal Server Error: what a caller gets when the service itself fails (here its database
// loses a table), with the cause logged and not sent.

const lines: string[] = [];
const service = await startHarness({ logDestination: { write: (line: string) => { lines.push(line); } }, logLevel: 'error' });
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
});
