import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderApp } from '@/test/render';
import { mockService } from '@/test/server';

// The Sources page reads the flows list (which flows use each source); once the user has left the page, nothing
// reads it on its behalf: a run that starts or ends refreshes only the views still on screen.

const callsOf = (operation: 'listFlows' | 'listWorkflows') => mockService.calls.filter((call) => call.operation === operation).length;

afterEach(() => {
  mockService.db.runDurationMs = 6_000;
});

describe('the Sources page, once left', () => {
  it('no longer reads the flows list when runs change', async () => {
    const { router } = renderApp('/sources');
    await screen.findByRole('table', { name: /sources/i });
    await waitFor(() => {
      expect(callsOf('listFlows')).toBeGreaterThan(0);
    });
    await router.navigate({ to: '/workflows' });
    await screen.findByRole('heading', { level: 1, name: 'Workflows' });
    const flowReads = callsOf('listFlows');
    const workflowReads = callsOf('listWorkflows');
    // A run started elsewhere: the heartbeat hears of it and refreshes the views of runs on screen (the workflows list).
    mockService.db.runDurationMs = 600;
    mockService.db.startFlowRun(1, 'scheduled');
    await waitFor(
      () => {
        expect(callsOf('listWorkflows')).toBeGreaterThan(workflowReads);
      },
      { timeout: 25_000 },
    );
    expect(callsOf('listFlows')).toBe(flowReads);
  }, 40_000);
});
