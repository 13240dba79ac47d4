import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SEED } from '@/mock-service/seed';
import { renderApp } from '@/test/render';
import { mockService } from '@/test/server';

/** The timeline's own requests (the tab title's running count asks for the last minute only). */
const timelineCalls = () =>
  mockService.calls
    .filter((call) => call.operation === 'listTimeline')
    .map((call) => new URL(call.url).searchParams)
    .filter((params) => Date.parse(params.get('to') ?? '') - Date.parse(params.get('from') ?? '') > 120_000);

async function openTimeline(path = '/') {
  const view = renderApp(path);
  const timeline = await screen.findByRole('region', { name: 'Timeline' });
  await within(timeline).findByRole('list', { name: 'Runs by flow and workflow' });
  return { ...view, timeline };
}

const widthOf = (element: HTMLElement) => Number.parseFloat(element.style.width);

afterEach(() => {
  vi.useRealTimers();
});

describe('overview: timeline', () => {
  it('reads the window from the URL and keeps the chosen one there', async () => {
    const { timeline, user, history } = await openTimeline('/?window=7d');
    expect(within(timeline).getByRole('radio', { name: '7 days' })).toBeChecked();
    const [asked] = timelineCalls();
    expect(Date.parse(asked?.get('to') ?? '') - Date.parse(asked?.get('from') ?? '')).toBeCloseTo(7 * 24 * 3_600_000, -3);
    await user.click(within(timeline).getByRole('radio', { name: '1 h' }));
    await waitFor(() => {
      expect(history.location.search).toBe('?window=1h');
    });
    await waitFor(() => {
      const last = timelineCalls().at(-1);
      expect(Date.parse(last?.get('to') ?? '') - Date.parse(last?.get('from') ?? '')).toBeCloseTo(3_600_000, -3);
    });
    expect(within(timeline).getByText(/^Last hour: \d+ runs/)).toBeInTheDocument();
  });

  it('falls back to 24 hours for a window it does not know, without an error', async () => {
    const { timeline } = await openTimeline('/?window=forever');
    expect(within(timeline).getByRole('radio', { name: '24 h' })).toBeChecked();
  });

  it('draws one row per flow and workflow, each run a labelled bar coloured by its outcome', async () => {
    const { timeline } = await openTimeline();
    const rows = within(timeline).getAllByRole('listitem');
    expect(rows.map((row) => row.getAttribute('aria-label'))).toContain('Orders to warehouse');
    const failing = within(timeline).getAllByRole('link', { name: /^Billing to warehouse: attempt #\d+, Failed, started/ });
    expect(failing[0]).toHaveAttribute('data-state', 'failed');
    expect(failing[0]?.style.getPropertyValue('--bar-color')).toBe('var(--mantine-color-red-6)');
    expect(within(timeline).getAllByRole('link', { name: /^Lake sync: workflow run \d+, Running/ }).length).toBe(1);
  });

  it('grows the bar of a running attempt as time passes', async () => {
    vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
    const { timeline } = await openTimeline('/?window=1h');
    const bar = await within(timeline).findByRole('link', { name: /^Sample backfill to reporting: attempt #\d+, Running, started .*, running for/ });
    const before = widthOf(bar);
    vi.setSystemTime(Date.now() + 5 * 60_000);
    await waitFor(() => {
      expect(widthOf(bar)).toBeGreaterThan(before + 5);
    });
    expect(mockService.db.activeFlowRun(SEED.runningFlowId)).toBeDefined();
  });

  it('opens the attempt a bar stands for', async () => {
    const { timeline, user, history } = await openTimeline();
    const [bar] = within(timeline).getAllByRole('link', { name: /^Billing to warehouse: attempt #\d+, Failed/ });
    if (!bar) throw new Error('no bar');
    const number = /#(\d+)/.exec(bar.getAttribute('aria-label') ?? '')?.[1];
    const flow = mockService.db.state.flows.find((candidate) => candidate.displayName === 'Billing to warehouse');
    await user.click(bar);
    await waitFor(() => {
      expect(history.location.pathname).toBe(`/flows/${String(flow?.id)}`);
    });
    expect(history.location.search).toMatch(/^\?attempt=\d+$/);
    const drawer = await screen.findByRole('dialog', { name: `Attempt #${number ?? ''}` });
    expect(within(drawer).getAllByText('Failed').length).toBeGreaterThan(0);
  });

  it('shows the hovered or focused run in words', async () => {
    const { timeline, user } = await openTimeline();
    const [bar] = within(timeline).getAllByRole('link', { name: /^Orders to warehouse: attempt/ });
    if (!bar) throw new Error('no bar');
    await user.hover(bar);
    expect(within(timeline).getByText(bar.getAttribute('aria-label') ?? '')).toBeInTheDocument();
  });
});

describe('overview: timeline on a service without it', () => {
  it('says the service has no timeline when it answers 404, and does not ask again', async () => {
    mockService.fail('listTimeline', { status: 404, message: 'Not Found' });
    renderApp('/');
    const timeline = await screen.findByRole('region', { name: 'Timeline' });
    expect(await within(timeline).findByText(/This service does not list runs by time/)).toBeInTheDocument();
    const asked = mockService.calls.filter((call) => call.operation === 'listTimeline').length;
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    expect(mockService.calls.filter((call) => call.operation === 'listTimeline')).toHaveLength(asked);
    // The tab title does not depend on the timeline: it counts the demo's two runs going from run-changes.
    expect(document.title).toBe('(2) Flowdeck');
  });
});
