import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '@/test/render';
import { mockService } from '@/test/server';

// A long list draws its first rows before the virtualiser (a chunk of its own) has arrived. Those rows are the
// ones in view, and only they ask for their statuses: on a slow network that wait is long enough for every
// drawn row to ask.

const gate = await vi.hoisted(async () => (await import('@/test/gate')).createGate());
vi.mock('@/components/responsive-table/virtual-rows', async (importOriginal) => {
  await gate.opened;
  return importOriginal();
});

beforeEach(() => {
  const [template] = mockService.db.state.flows;
  if (!template) throw new Error('the seed has no flow');
  const first = Math.max(...mockService.db.state.flows.map((flow) => flow.id)) + 1;
  for (let index = 0; index < 500; index += 1) {
    mockService.db.state.flows.push({ ...template, id: first + index, displayName: `Zeta flow ${String(index).padStart(3, '0')}`, paused: false });
  }
});

afterEach(() => {
  gate.open();
});

describe('a long flows list before its virtualiser arrives', () => {
  it('draws the rows its box shows, asks only their statuses, and keeps the scroll and focus it hands over', async () => {
    renderApp('/flows?sort=id');
    const table = await screen.findByRole('table', { name: 'Flows' });
    await waitFor(() => {
      expect(within(table).getAllByRole('link').length).toBeGreaterThan(0);
      expect(within(table).queryAllByLabelText('Loading status')).toHaveLength(0);
    });
    const drawn = within(table)
      .getAllByRole('link')
      .map((link) => Number(link.getAttribute('href')?.split('/').pop()));
    const asked = new Set(
      mockService.calls
        .filter((call) => call.operation === 'listFlowStatuses')
        .flatMap((call) => (new URL(call.url).searchParams.get('ids') ?? '').split(',').map(Number)),
    );
    // The box is the window less the page's header (jsdom's window is 768 px tall; a row is 70 px).
    const inBox = Math.ceil(Math.max(360, window.innerHeight - 300) / 70) + 1;
    expect(drawn.length).toBe(inBox);
    expect([...asked].sort()).toEqual([...drawn].sort());
    // The whole list's length is still told to screen readers.
    expect(table).toHaveAttribute('aria-rowcount', String(mockService.db.state.flows.length + 1));

    // The user tabs into the list and scrolls before the virtualiser comes: it takes over where they are.
    const box = screen.getByRole('region', { name: 'Flows, scrollable' });
    box.focus();
    const far = mockService.db.state.flows.findIndex((flow) => flow.displayName === 'Zeta flow 300');
    box.scrollTop = far * 70;
    fireEvent.scroll(box);
    gate.open();
    // The virtualiser's box replaces the first one (a new table): found afresh, not within the old one.
    expect(await screen.findByRole('link', { name: 'Zeta flow 300' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Flows, scrollable' })).toHaveFocus();
  });
});
