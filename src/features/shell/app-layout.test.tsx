import { setViewportWidth } from '@/test/viewport';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/test/render';
import { mockService } from '@/test/server';

describe('app shell', () => {
  it('navigates between every section', async () => {
    const { user, router } = renderApp('/');
    // The first load's skeleton already shows the page's heading: the shell's navigation says it has loaded.
    const nav = await screen.findByRole('navigation', { name: 'Sections' });
    expect(screen.getByRole('heading', { level: 1, name: 'Overview' })).toBeInTheDocument();
    for (const [label, path] of [
      ['Flows', '/flows'],
      ['Workflows', '/workflows'],
      ['Sources', '/sources'],
      ['Destinations', '/destinations'],
    ] as const) {
      await user.click(within(nav).getByRole('link', { name: label }));
      expect(await screen.findByRole('heading', { level: 1, name: label })).toBeInTheDocument();
      expect(router.state.location.pathname).toBe(path);
    }
  });

  it('marks the section the page belongs to, its nested pages and searches included', async () => {
    const activeSections = () =>
      within(screen.getByRole('navigation', { name: 'Sections' }))
        .getAllByRole('link')
        .filter((link) => link.hasAttribute('data-active'))
        .map((link) => link.textContent);
    const overview = renderApp('/');
    await screen.findByRole('navigation', { name: 'Sections' });
    expect(activeSections()).toEqual(['Overview']);
    overview.unmount();
    const flow = renderApp('/flows/1');
    await screen.findByRole('navigation', { name: 'Sections' });
    expect(activeSections()).toEqual(['Flows']);
    flow.unmount();
    renderApp('/workflows?q=nightly');
    await screen.findByRole('navigation', { name: 'Sections' });
    expect(activeSections()).toEqual(['Workflows']);
  });

  it('shows the flows the service returns', async () => {
    renderApp('/flows');
    const table = await screen.findByRole('table');
    const flowCount = mockService.db.state.flows.length;
    expect(within(table).getAllByRole('row')).toHaveLength(flowCount + 1);
    // Schedules read in words, with a cron expression shown beside its explanation. The words come a moment after
    // the first rows (until then a cron reads as its expression, twice): this waited for nothing and failed when run
    // alone.
    await waitFor(() => {
      expect(within(table).getAllByText('*/15 * * * *')).toHaveLength(1);
    });
    expect(within(table).getByText('Every 24 hours')).toBeInTheDocument();
    expect(within(table).getAllByText('Every 15 minutes').length).toBeGreaterThan(0);
  });

  it('keeps the shell usable when one page fails, and recovers on retry', async () => {
    mockService.failNext('listFlows', { status: 500 });
    mockService.failNext('listFlows', { status: 500 });
    mockService.failNext('listFlows', { status: 500 });
    const { user } = renderApp('/flows');
    expect(await screen.findByText('The service failed', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign out' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Flows' })).toBeInTheDocument();
  });

  it('puts Sign out in the header on a wide screen and at the end of the navigation on a phone', async () => {
    setViewportWidth(1280);
    const wide = renderApp('/flows');
    expect(within(await screen.findByRole('banner')).getByRole('button', { name: 'Sign out' })).toBeInTheDocument();
    wide.unmount();
    setViewportWidth(390);
    renderApp('/flows');
    expect(within(await screen.findByRole('navigation', { name: 'Sections' })).getByRole('button', { name: 'Sign out' })).toBeInTheDocument();
    expect(within(screen.getByRole('banner')).queryByRole('button', { name: 'Sign out' })).toBeNull();
  });

  it('shows a not-found page for an unknown address and for a malformed id', async () => {
    const first = renderApp('/no-such-page');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    first.unmount();
    renderApp('/flows/not-a-number');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });

  it('shows unknown addresses and unknown ids on one not-found page inside the shell, with a way back', async () => {
    const expectNotFoundInShell = async (back: string) => {
      expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
      expect(screen.getByRole('navigation', { name: 'Sections' })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Sign out' })).toBeInTheDocument();
      expect(screen.getByRole('link', { name: back })).toBeInTheDocument();
    };
    for (const [path, back] of [
      ['/no-such-page', 'Go to the overview'],
      ['/flows/999', 'Back to flows'],
      ['/flows/1/no-such-tab', 'Back to flows'],
      ['/workflows/999', 'Back to workflows'],
      ['/sources/999', 'Back to sources'],
      ['/destinations/999', 'Back to destinations'],
    ] as const) {
      const view = renderApp(path);
      await expectNotFoundInShell(back);
      view.unmount();
    }
    const { user, router } = renderApp('/flows/999');
    await user.click(await screen.findByRole('link', { name: 'Back to flows' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Flows' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/flows');
  });

  it('shows breadcrumbs on every detail page, back to its list', async () => {
    for (const [path, section, name] of [
      ['/flows/1', 'Flows', 'Orders to warehouse'],
      ['/flows/new', 'Flows', 'New flow'],
      ['/workflows/1', 'Workflows', 'Nightly warehouse refresh'],
      ['/sources/3', 'Sources', 'Billing API'],
      ['/sources/new', 'Sources', 'New source'],
      ['/destinations/3', 'Destinations', 'Data lake (Parquet files)'],
      ['/destinations/new', 'Destinations', 'New destination'],
    ] as const) {
      const view = renderApp(path);
      const crumbs = await screen.findByRole('navigation', { name: 'Breadcrumb' });
      expect(within(crumbs).getByRole('link', { name: 'Overview' })).toHaveAttribute('href', '/');
      expect(within(crumbs).getByRole('link', { name: section })).toHaveAttribute('href', `/${section.toLowerCase()}`);
      expect(within(crumbs).getByText(name)).toHaveAttribute('aria-current', 'page');
      view.unmount();
    }
  });

  it('signs out and forgets the key', async () => {
    const { user, router } = renderApp('/');
    await user.click(await screen.findByRole('button', { name: 'Sign out' }));
    expect(await screen.findByRole('heading', { name: 'Sign in to Flowdeck' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/sign-in');
    expect(sessionStorage.getItem('flowdeck.session')).toBeNull();
  });

  it('tells every date in the zone chosen in the header, Local or UTC, and remembers the choice', async () => {
    /** Every date on the page as shown: a relative time ("5 min ago") is told exactly in its title. */
    const shownDates = () => Array.from(document.querySelectorAll('main time')).map((element) => (element.getAttribute('title') ?? element.textContent).trim());
    const first = renderApp('/flows/1');
    await screen.findByRole('heading', { level: 2, name: 'Latest attempt' });
    await waitFor(() => {
      expect(shownDates().length).toBeGreaterThan(5);
    });
    expect(shownDates().every((date) => /\b(EST|EDT)$/.test(date))).toBe(true);
    const zone = screen.getByRole('radiogroup', { name: 'Time zone of dates' });
    expect(within(zone).getByRole('radio', { name: 'Local' })).toBeChecked();

    await first.user.click(within(zone).getByRole('radio', { name: 'UTC' }));
    await waitFor(() => {
      expect(shownDates().every((date) => date.endsWith(' UTC'))).toBe(true);
    });
    // The schedule's next run moves with it.
    expect(within(screen.getByRole('region', { name: 'Schedule' })).getByText(/ UTC$/)).toBeInTheDocument();
    first.unmount();

    // Another visit on this device: still UTC.
    renderApp('/flows/1');
    await screen.findByRole('heading', { level: 2, name: 'Latest attempt' });
    expect(within(screen.getByRole('radiogroup', { name: 'Time zone of dates' })).getByRole('radio', { name: 'UTC' })).toBeChecked();
    await waitFor(() => {
      expect(shownDates().length).toBeGreaterThan(5);
    });
    expect(shownDates().every((date) => date.endsWith(' UTC'))).toBe(true);
  });

  it('switches between light and dark themes', async () => {
    const { user } = renderApp('/');
    const toggle = await screen.findByRole('button', { name: /Switch to (dark|light) theme/ });
    const before = toggle.getAttribute('aria-label');
    await user.click(toggle);
    expect(screen.getByRole('button', { name: /Switch to (dark|light) theme/ }).getAttribute('aria-label')).not.toBe(before);
  });
});
