import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SEED } from '@/mock-service/seed';
import { renderApp } from '@/test/render';
import { mockService } from '@/test/server';

// The Notification API stubbed: what permission the browser gives, how often it was asked, what was shown.
class FakeNotification {
  static permission: NotificationPermission = 'default';
  static answer: NotificationPermission = 'granted';
  static requestPermission = vi.fn(() => {
    FakeNotification.permission = FakeNotification.answer;
    return Promise.resolve(FakeNotification.answer);
  });
  static shown: { title: string; body: string; tag: string }[] = [];
  readonly title: string;
  constructor(title: string, options: { body: string; tag: string }) {
    this.title = title;
    FakeNotification.shown.push({ title, ...options });
  }
}

beforeEach(() => {
  FakeNotification.permission = 'default';
  FakeNotification.answer = 'granted';
  FakeNotification.requestPermission.mockClear();
  FakeNotification.shown = [];
  vi.stubGlobal('Notification', FakeNotification);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  document.title = 'Flowdeck';
});

/** The header's control (the navigation menu holds the same one for narrow screens). */
function control(name: string | RegExp): HTMLElement {
  const [first] = screen.getAllByRole('button', { name });
  if (!first) throw new Error(`no control ${String(name)}`);
  return first;
}

describe('browser notifications', () => {
  it('asks the browser once, from the visible control, then turns notifications off and on without asking again', async () => {
    const { user } = renderApp('/flows');
    const ask = await screen.findAllByRole('button', { name: 'Notify me when runs finish' });
    expect(FakeNotification.requestPermission).not.toHaveBeenCalled();
    if (!ask[0]) throw new Error('no control');
    await user.click(ask[0]);
    expect(FakeNotification.requestPermission).toHaveBeenCalledTimes(1);
    const on = await screen.findAllByRole('button', { name: 'Run notifications on' });
    expect(on[0]).toHaveAttribute('aria-pressed', 'true');
    await user.click(control('Run notifications on'));
    await user.click(control('Run notifications off'));
    expect(control('Run notifications on')).toBeInTheDocument();
    expect(FakeNotification.requestPermission).toHaveBeenCalledTimes(1);
  });

  it('says so when the browser blocks them, and shows none', async () => {
    FakeNotification.answer = 'denied';
    const { user } = renderApp('/flows');
    const [ask] = await screen.findAllByRole('button', { name: 'Notify me when runs finish' });
    if (!ask) throw new Error('no control');
    await user.click(ask);
    expect(await screen.findAllByRole('button', { name: 'Run notifications blocked' })).not.toHaveLength(0);
    expect(control('Run notifications blocked')).toBeDisabled();
  });

  it('tells when a run started here ends, even after leaving its page', async () => {
    FakeNotification.permission = 'granted';
    vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
    const { user, router } = renderApp('/flows/1');
    await user.click(await screen.findByRole('button', { name: 'Run now' }));
    expect(await screen.findByText('Run started.')).toBeInTheDocument();
    await waitFor(() => {
      expect(document.title).toMatch(/^\(\d+\) Flowdeck$/);
    });
    await router.navigate({ to: '/sources' });
    vi.setSystemTime(Date.now() + mockService.db.runDurationMs + 1_000);
    await waitFor(
      () => {
        expect(FakeNotification.shown).toEqual([
          {
            title: 'Orders to warehouse: Succeeded',
            body: expect.stringMatching(/^Attempt #\d+, took \d+ s, [\d,]+ rows loaded$/) as string,
            tag: expect.stringMatching(/^flowdeck-attempt-\d+$/) as string,
          },
        ]);
      },
      { timeout: 12_000 },
    );
  }, 20_000);

  it('tells when the run of a flow whose page is open ends', async () => {
    FakeNotification.permission = 'granted';
    localStorage.setItem('flowdeck.notifyRuns', 'on');
    vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
    renderApp(`/flows/${String(SEED.runningFlowId)}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Sample backfill to reporting' })).toBeInTheDocument();
    await screen.findAllByText('Running');
    vi.setSystemTime(Date.now() + 25 * 60_000);
    await waitFor(
      () => {
        expect(FakeNotification.shown.map((shown) => shown.title)).toEqual(['Sample backfill to reporting: Succeeded']);
      },
      { timeout: 12_000 },
    );
  }, 20_000);

  it.each([
    ['without permission', 'default' as const, 'on'],
    ['when the user turned them off', 'granted' as const, 'off'],
  ])(
    'shows no notification %s',
    async (_case, permission, choice) => {
      FakeNotification.permission = permission;
      localStorage.setItem('flowdeck.notifyRuns', choice);
      vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
      renderApp(`/flows/${String(SEED.runningFlowId)}`);
      const latest = await screen.findByRole('region', { name: 'Latest attempt' });
      await within(latest).findByText('Running');
      vi.setSystemTime(Date.now() + 25 * 60_000);
      expect(await within(latest).findByText('Succeeded', undefined, { timeout: 12_000 })).toBeInTheDocument();
      expect(FakeNotification.shown).toEqual([]);
    },
    20_000,
  );
});

describe('tab title', () => {
  it('counts the running flows and workflows, and drops the count when none runs', async () => {
    const running =
      mockService.db.state.flows.filter((flow) => mockService.db.activeFlowRun(flow.id)).length +
      mockService.db.state.workflows.filter((workflow) => mockService.db.activeWorkflowRun(workflow.id)).length;
    expect(running).toBeGreaterThan(0);
    renderApp('/workflows');
    await waitFor(() => {
      expect(document.title).toBe(`(${String(running)}) Flowdeck`);
    });
    vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
    vi.setSystemTime(Date.now() + 3 * 3_600_000);
    await waitFor(
      () => {
        expect(document.title).toBe('Flowdeck');
      },
      { timeout: 12_000 },
    );
  }, 20_000);
});
