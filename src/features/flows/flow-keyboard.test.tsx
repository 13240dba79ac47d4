import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { SEED } from '@/mock-service/seed';
import { renderApp } from '@/test/render';
import { mockService } from '@/test/server';

// Keyboard and screen readers: focus stays on the control that acted, a skip link leads past the navigation,
// and the run history's charts are named by what they show.

afterEach(() => {
  mockService.db.runDurationMs = 6_000;
});

async function openFlow(path: string) {
  const view = renderApp(path);
  await screen.findByRole('heading', { level: 2, name: 'Latest attempt' }, { timeout: 8_000 });
  return view;
}

describe('flow page by keyboard', () => {
  it('keeps the focus on Run now pressed by key, while the run goes and after it ends', async () => {
    mockService.db.runDurationMs = 800;
    const { user } = await openFlow(`/flows/${String(SEED.idleFlowId)}`);
    const run = screen.getByRole('button', { name: 'Run now' });
    run.focus();
    await user.keyboard('{Enter}');
    const latest = screen.getByRole('region', { name: 'Latest attempt' });
    await within(latest).findByText('Running');
    expect(run).toHaveFocus();
    expect(run).toHaveAttribute('aria-disabled', 'true');
    await within(latest).findByText('Succeeded', {}, { timeout: 8_000 });
    expect(screen.getByRole('button', { name: 'Run now' })).toHaveFocus();
  }, 20_000);

  it('gives the focus back to Cancel run once the run is cancelled', async () => {
    const { user } = await openFlow(`/flows/${String(SEED.runningFlowId)}`);
    const latest = screen.getByRole('region', { name: 'Latest attempt' });
    await within(latest).findByText('Running');
    const cancel = screen.getByRole('button', { name: 'Cancel run' });
    cancel.focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: /^Cancel the run of/ });
    within(dialog).getByRole('button', { name: 'Cancel run' }).focus();
    await user.keyboard('{Enter}');
    await within(latest).findByText('Cancelled');
    await waitFor(() => {
      expect(screen.getByRole('button', { name: 'Cancel run' })).toHaveFocus();
    });
  }, 20_000);

  it('returns the focus to the attempt that opened the drawer after Escape', async () => {
    const { user } = await openFlow('/flows/1');
    const table = await screen.findByRole('table', { name: 'Run attempts' });
    const [opener] = await within(table).findAllByRole('button', { name: /^Open attempt/ });
    if (!opener) throw new Error('no attempt to open');
    const name = opener.getAttribute('aria-label') ?? '';
    opener.focus();
    await user.keyboard('{Enter}');
    await screen.findByRole('dialog');
    await user.keyboard('{Escape}');
    await waitFor(() => {
      expect(within(screen.getByRole('table', { name: 'Run attempts' })).getByRole('button', { name })).toHaveFocus();
    });
  }, 20_000);

  it('offers "Skip to content" as the first stop, which moves the focus to the page', async () => {
    const { user } = await openFlow('/flows/1');
    document.body.focus();
    await user.tab();
    const skip = screen.getByRole('link', { name: 'Skip to content' });
    expect(skip).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('main')).toHaveFocus();
  }, 20_000);

  it('names each run history chart by a summary and offers it as a table', async () => {
    const { user } = await openFlow('/flows/1');
    const history = screen.getByRole('region', { name: 'Run history' });
    const duration = await within(history).findByRole('img', { name: /^Duration per attempt\. Last \d+ attempts: \d+ succeeded/ }, { timeout: 8_000 });
    expect(duration.getAttribute('aria-label')).toMatch(/; median \d/);
    expect(within(history).getByRole('img', { name: /^Rows loaded per attempt\. Last \d+ attempts: .*median [\d,]+ rows$/ })).toBeInTheDocument();
    await user.click(within(history).getByRole('button', { name: 'Show the charts as a table' }));
    const table = await within(history).findByRole('table', { name: 'Run history as a table' });
    expect(within(table).getAllByRole('row').length).toBeGreaterThan(1);
  }, 20_000);
});
