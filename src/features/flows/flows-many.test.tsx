import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '@/test/render';
import { mockService, server } from '@/test/server';

// A list of thousands of flows: read page by page (1,000 a page), drawn as far as it is in view, and the
// statuses of the rows in view asked in batches, never one request per row.

const MANY = 2_500;
/** As tall as the list guesses a row to be, so the rows it has not drawn yet sit where drawn ones would. */
const ROW_PX = 70;
/** The one flow named apart, far down the list. */
const FAR = 2_400;

function addFlows(count: number) {
  const [template] = mockService.db.state.flows;
  if (!template) throw new Error('the seed has no flow');
  const first = Math.max(...mockService.db.state.flows.map((flow) => flow.id)) + 1;
  for (let index = 0; index < count; index += 1) {
    const displayName = index === FAR ? 'Quokka pipeline' : `Zeta flow ${String(index).padStart(4, '0')}`;
    mockService.db.state.flows.push({ ...template, id: first + index, displayName, paused: false });
  }
}

const total = () => mockService.db.state.flows.length.toLocaleString('en-US');
const drawnNames = () =>
  within(screen.getByRole('table'))
    .getAllByRole('link')
    .map((link) => link.textContent);
const drawnIds = () =>
  within(screen.getByRole('table'))
    .getAllByRole('link')
    .map((link) => Number(link.getAttribute('href')?.split('/').pop()));

beforeEach(() => {
  addFlows(MANY);
  // jsdom lays nothing out: rows are given a height (the list reads offsetHeight), so the list draws a
  // screenful (its box counts as 900 px) rather than every row.
  const height = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'offsetHeight');
  vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockImplementation(function (this: HTMLElement) {
    return this.hasAttribute('data-index') ? ROW_PX : (height?.get?.call(this) as number);
  });
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('flows list with thousands of flows', () => {
  it('draws the first page while the others are read, then every flow', async () => {
    let release: (value?: unknown) => void = () => undefined;
    const later = new Promise((resolve) => {
      release = resolve;
    });
    server.use(
      http.get('*/v2/flows', async ({ request }) => {
        if (new URL(request.url).searchParams.get('offset') !== '0') await later;
        // Nothing answered here: the mock service answers, once the later pages are let through.
      }),
    );
    renderApp('/flows');
    expect(await screen.findByText('1,000 flows so far (reading the others)')).toBeInTheDocument();
    expect(drawnNames().length).toBeGreaterThan(0);
    release();
    expect(await screen.findByText(`${total()} flows`)).toBeInTheDocument();
  });

  it('finds a flow far down the list by its name', async () => {
    const { user } = renderApp('/flows?sort=id');
    await screen.findByText(`${total()} flows`);
    expect(drawnNames()).not.toContain('Quokka pipeline');
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'quokka');
    await waitFor(() => {
      expect(drawnNames()).toEqual(['Quokka pipeline']);
    });
    expect(screen.getByText(`1 of ${total()} flows match`)).toBeInTheDocument();
  });

  it('shows later rows when scrolled, and tells screen readers where each row sits', async () => {
    renderApp('/flows?sort=id');
    await screen.findByText(`${total()} flows`);
    const table = screen.getByRole('table');
    expect(table).toHaveAttribute('aria-rowcount', String(mockService.db.state.flows.length + 1));
    expect(drawnNames()).not.toContain('Zeta flow 2000');
    const region = screen.getByRole('region', { name: 'Flows, scrollable' });
    const zeta2000Index = mockService.db.state.flows.findIndex((flow) => flow.displayName === 'Zeta flow 2000');
    region.scrollTop = zeta2000Index * ROW_PX;
    fireEvent.scroll(region);
    const row = (await within(table).findByRole('link', { name: 'Zeta flow 2000' })).closest('tr');
    // Row 1 is the header.
    expect(row).toHaveAttribute('aria-rowindex', String(zeta2000Index + 2));
    expect(drawnNames()).not.toContain('Zeta flow 0000');
    // The rows scrolled to ask for their statuses, once the list stops.
    await waitFor(() => {
      expect(within(table).queryAllByLabelText('Loading status')).toHaveLength(0);
    });
  });

  it('asks the statuses of the rows in view only, in batches, never one request per row', async () => {
    renderApp('/flows?sort=id');
    await screen.findByText(`${total()} flows`);
    const table = screen.getByRole('table');
    await waitFor(() => {
      expect(within(table).queryAllByLabelText('Loading status')).toHaveLength(0);
    });
    const batches = mockService.calls
      .filter((call) => call.operation === 'listFlowStatuses')
      .map((call) => (new URL(call.url).searchParams.get('ids') ?? '').split(',').map(Number));
    expect(mockService.calls.filter((call) => call.operation === 'getFlowStatus')).toHaveLength(0);
    expect(batches.length).toBeGreaterThan(0);
    const asked = new Set(batches.flat());
    const drawn = drawnIds();
    expect(drawn.length).toBeLessThan(100);
    expect([...asked].filter((id) => !drawn.includes(id))).toEqual([]);
    expect(drawn.every((id) => asked.has(id))).toBe(true);
  });
});
