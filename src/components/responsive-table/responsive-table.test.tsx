import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { SEED } from '@/mock-service/seed';
import { renderApp } from '@/test/render';
import { mockService } from '@/test/server';
import { setViewportWidth } from '@/test/viewport';

// Every list is one ResponsiveTable: a table on wide screens, stacked cards below 600 px. jsdom lays nothing
// out, so these tests set the width the media queries answer for (src/test/viewport.ts).

/** The cards of a list, each as the user reads it: its title, then label and value pairs. */
function cardsOf(list: HTMLElement) {
  return within(list)
    .getAllByRole('listitem')
    .map((card) => ({
      card,
      fields: Object.fromEntries(
        Array.from(card.querySelectorAll('dt')).map((term) => [term.textContent, (term.nextElementSibling?.textContent ?? '').trim()]),
      ),
    }));
}

describe('lists on a phone (below 600 px wide)', () => {
  it('draws the cards from the first render, never a table first', async () => {
    setViewportWidth(390);
    const create = vi.spyOn(document, 'createElement');
    renderApp('/flows');
    await screen.findByRole('list', { name: 'Flows' });
    expect(create.mock.calls.filter(([tag]) => tag === 'table')).toEqual([]);
  });

  it('shows the flows as stacked cards with their key fields, virtualised like the table', async () => {
    setViewportWidth(390);
    const warehouse = mockService.db.state.destinations.find((destination) => destination.id === 1)?.displayName;
    renderApp('/flows');
    const list = await screen.findByRole('list', { name: 'Flows' });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const orders = () => cardsOf(list).find(({ card }) => within(card).queryByRole('link', { name: 'Orders to warehouse' }));
    await waitFor(() => {
      expect(orders()?.fields).toMatchObject({ Source: 'Production orders DB', Destination: warehouse, Schedule: 'Every hour' });
    });
    expect(Object.keys(orders()?.fields ?? {})).toEqual(['Source', 'Destination', 'Schedule', 'Freshness', 'Last attempt']);
    const cards = cardsOf(list);
    // The whole list's size, though only the cards in view are drawn.
    expect(cards[0]?.card).toHaveAttribute('aria-setsize', String(mockService.db.state.flows.length));
    await waitFor(() => {
      expect(within(orders()?.card ?? list).getByText(/^(Succeeded|Failed)$/)).toBeInTheDocument();
    });
  });

  it.each([
    ['/workflows', 'Workflows', ['Enabled', 'Schedule', 'Freshness', 'Status']],
    ['/sources', 'Sources', ['Spec', 'Used by', 'Updated']],
    ['/destinations', 'Destinations', ['Spec', 'Used by', 'Updated']],
    ['/flows/1', 'Run attempts', ['Status', 'Trigger', 'Started', 'Duration', 'Rows loaded']],
    ['/flows/1', 'Rows per resource', ['Extracted', 'Analyzed', 'Loaded']],
    ['/workflows/1', 'Webhook triggers', ['Provider', 'Status', 'URL', 'Triggered', 'Last triggered']],
    ['/workflows/1', 'Runs', ['Outcome', 'Trigger', 'Started', 'Duration', 'Steps']],
    [`/sources/${String(SEED.incompleteSourceId)}?tab=cards`, 'Configuration cards', ['State']],
    ['/sources/1?tab=flows', 'Flows from this source', ['Destination', 'Schedule']],
  ] as const)('shows %s’s %s as cards with their key fields', async (path, label, fields) => {
    setViewportWidth(390);
    renderApp(path);
    const list = await screen.findByRole('list', { name: label });
    expect(screen.queryByRole('table', { name: label })).not.toBeInTheDocument();
    await waitFor(() => {
      expect(cardsOf(list).length).toBeGreaterThan(0);
    });
    for (const { fields: shown } of cardsOf(list)) expect(Object.keys(shown)).toEqual(fields);
  });

  it('turns a table into cards when the window narrows, and back', async () => {
    renderApp('/workflows');
    expect(await screen.findByRole('table', { name: 'Workflows' })).toBeInTheDocument();
    act(() => {
      setViewportWidth(599);
    });
    expect(await screen.findByRole('list', { name: 'Workflows' })).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Workflows' })).not.toBeInTheDocument();
    act(() => {
      setViewportWidth(600);
    });
    expect(await screen.findByRole('table', { name: 'Workflows' })).toBeInTheDocument();
  });
});
