import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SEED } from '@/mock-service/seed';
import { renderApp } from '@/test/render';
import { mockService } from '@/test/server';

// Counts that mean what they say: `loaded` is what the destination keeps, so rows written into a table
// that has not committed are said as written; a cancel keeps the committed tables and rolls back the one
// in hand; a run waiting for its destination says what it waits for.

/** Flow 7 (Sample data → Analytics warehouse, resources events and users) 40 s into a 60 s run: events committed, users loading. */
function runHalfway() {
  const run = mockService.db.startFlowRun(7);
  run.durationMs = 60_000;
  run.startedAt = Date.now() - 40_000;
  return run;
}

function funnelRows() {
  const latest = screen.getByRole('region', { name: 'Latest attempt' });
  const funnel = within(latest).getByRole('table', { name: 'Rows per resource' });
  return within(funnel)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );
}

describe('the attempt funnel', () => {
  it('says rows written into a table not committed yet as written, and committed tables as loaded', async () => {
    const run = runHalfway();
    renderApp('/flows/7');
    const latest = await screen.findByRole('region', { name: 'Latest attempt' });
    await within(latest).findByRole('table', { name: 'Rows per resource' });
    const [events, users] = funnelRows();
    const eventsRows = run.resources[0]?.rows ?? 0;
    expect(events?.[0]).toBe('events');
    expect(events?.[3]).toBe(eventsRows.toLocaleString('en-US'));
    expect(users?.[0]).toBe('users');
    expect(users?.[3]).toMatch(/^[1-9][\d,]* written, commits when the table finishes$/);
    // The summary counts only what is kept as loaded.
    expect(within(latest).getByText('Rows loaded').nextSibling).toHaveTextContent(eventsRows.toLocaleString('en-US'));
    expect(within(latest).getByText('Rows written, not committed yet')).toBeInTheDocument();
  });

  it('says a resource whose turn has not come as not started', async () => {
    renderApp(`/flows/${String(SEED.runningFlowId)}`);
    const latest = await screen.findByRole('region', { name: 'Latest attempt' });
    await within(latest).findByRole('table', { name: 'Rows per resource' });
    const [first, second] = funnelRows();
    expect(first?.[3]).toMatch(/ written, commits when the table finishes$/);
    expect(second?.[3]).toBe('Not started yet');
  });
});

describe('cancelling a run', () => {
  it('says which tables stay and which is rolled back, then shows exactly that', async () => {
    runHalfway();
    const { user } = renderApp('/flows/7');
    const latest = await screen.findByRole('region', { name: 'Latest attempt' });
    await within(latest).findByText('Running');
    await user.click(screen.getByRole('button', { name: 'Cancel run' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel the run of the flow “Sample data to warehouse”?' });
    expect(dialog).toHaveTextContent('The run stops where it is and shows as Cancelled.');
    expect(dialog).toHaveTextContent('Kept: events, already committed: its table stays as this run loaded it.');
    expect(dialog).toHaveTextContent(/Rolled back: users \([\d,]+ rows written so far\)\. Its table keeps its previous content, whole\./);
    expect(dialog).not.toHaveTextContent('Rows already loaded stay');

    await user.click(within(dialog).getByRole('button', { name: 'Cancel run' }));
    expect(await within(latest).findByText('Cancelled')).toBeInTheDocument();
    await waitFor(() => {
      expect(funnelRows()[1]?.[3]).toMatch(/^[1-9][\d,]* written, rolled back: the table keeps its previous rows$/);
    });
    // The committed table stays loaded: its bar.
    expect(within(latest).getByRole('progressbar', { name: /^events: loaded [\d,]+ rows$/ })).toBeInTheDocument();
  });

  it('says a run that has not started moving rows changes nothing', async () => {
    mockService.db.startFlowRun(7);
    mockService.db.startFlowRun(1);
    const { user } = renderApp('/flows/1');
    const latest = await screen.findByRole('region', { name: 'Latest attempt' });
    await within(latest).findByText('Queued: waiting for “Analytics warehouse”');
    await user.click(screen.getByRole('button', { name: 'Cancel run' }));
    const dialog = await screen.findByRole('dialog', { name: /^Cancel the run of/ });
    expect(dialog).toHaveTextContent('It is still waiting for its turn and has written nothing: every table stays as it is.');
  });
});

describe('a run waiting for its destination', () => {
  it('shows Queued: waiting for “X” on the flow page, with the service’s sentence', async () => {
    mockService.db.startFlowRun(7);
    mockService.db.startFlowRun(1);
    renderApp('/flows/1');
    const latest = await screen.findByRole('region', { name: 'Latest attempt' });
    const badge = await within(latest).findByText('Queued: waiting for “Analytics warehouse”');
    expect(badge.closest('[title]')).toHaveAttribute('title', 'Waiting for “Analytics warehouse”: another load into the same DuckDB file');
    expect(within(latest).getByText('Waiting for “Analytics warehouse”: another load into the same DuckDB file')).toBeInTheDocument();
  });

  it('shows it in the flows list', async () => {
    mockService.db.startFlowRun(7);
    mockService.db.startFlowRun(1);
    renderApp('/flows');
    const table = await screen.findByRole('table');
    expect(await within(table).findByText('Queued: waiting for “Analytics warehouse”')).toBeInTheDocument();
  });

  it('shows it on the overview among what runs now', async () => {
    mockService.db.startFlowRun(7);
    mockService.db.startFlowRun(1);
    renderApp('/');
    const running = await screen.findByRole('region', { name: 'Running now' });
    expect(await within(running).findByText('Queued: waiting for “Analytics warehouse”')).toBeInTheDocument();
  });
});
