import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SEED } from '@/mock-service/seed';
import { renderApp } from '@/test/render';
import { mockService } from '@/test/server';
import { setViewportWidth } from '@/test/viewport';

// The flows list's Paused badge and filter, row selection and the bulk actions with their one summary.

async function openList(path = '/flows') {
  const view = renderApp(path);
  const table = await screen.findByRole('table');
  return { ...view, table };
}

const checkbox = (name: string) => screen.getByRole('checkbox', { name: `Select ${name}` });
const summary = () => screen.findByRole('status', { name: /^(Paused|Resumed|Started|Deleted) / });

describe('flows list: paused', () => {
  it('shows Paused on a paused flow and filters by it, from the URL', async () => {
    const { table, user, router } = await openList();
    const row = within(table).getByRole('link', { name: 'GitHub to data lake' }).closest('tr');
    // Twice: the schedule says it, and so does its freshness.
    expect(within(row as HTMLElement).getAllByText('Paused')).toHaveLength(2);

    await user.click(screen.getByRole('combobox', { name: 'Schedule' }));
    await user.click(await screen.findByRole('option', { name: 'Paused' }));
    await waitFor(() => {
      expect(
        within(table)
          .getAllByRole('link')
          .map((link) => link.textContent),
      ).toEqual(['GitHub to data lake']);
    });
    expect(router.state.location.search).toMatchObject({ schedule: 'paused' });
  });
});

describe('flows list: selection', () => {
  it('selects rows with the keyboard, and all listed rows at once', async () => {
    const { user } = await openList('/flows?q=crm');
    await waitFor(() => {
      expect(screen.getByRole('checkbox', { name: 'Select all 2 listed flows' })).toBeInTheDocument();
    });
    checkbox('CRM to reporting').focus();
    await user.keyboard(' ');
    expect(checkbox('CRM to reporting')).toBeChecked();
    const bar = screen.getByRole('region', { name: 'Selected flows' });
    expect(bar).toHaveTextContent('1 selected');
    const all = screen.getByRole('checkbox', { name: 'Select all 2 listed flows' });
    // Mixed, as assistive technology reads it (the input's indeterminate state).
    expect(all).toBePartiallyChecked();

    await user.click(all);
    expect(checkbox('CRM to warehouse')).toBeChecked();
    expect(bar).toHaveTextContent('2 selected');
    await user.click(all);
    expect(screen.queryByRole('region', { name: 'Selected flows' })).not.toBeInTheDocument();
  });
});

describe('flows list on a phone', () => {
  it('selects cards with their checkbox and acts on them from the same bar', async () => {
    setViewportWidth(390);
    const { user } = renderApp('/flows?q=crm');
    const list = await screen.findByRole('list', { name: 'Flows' });
    await waitFor(() => {
      expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    });
    await user.click(screen.getByRole('checkbox', { name: 'Select all 2 listed flows' }));
    expect(within(list).getByRole('checkbox', { name: 'Select CRM to warehouse' })).toBeChecked();
    await user.click(within(screen.getByRole('region', { name: 'Selected flows' })).getByRole('button', { name: 'Pause' }));
    expect(await summary()).toHaveAccessibleName('Paused 2 of 2 flows');
    // Each card says it twice: in its schedule and in its freshness.
    expect(within(list).getAllByText('Paused')).toHaveLength(4);
  });
});

describe('flows list: bulk actions', () => {
  it('pauses the selected flows and lists each outcome; one that fails stays selected', async () => {
    const { user } = await openList();
    for (const name of ['Orders to warehouse', 'Billing to warehouse', 'GitHub to data lake']) await user.click(checkbox(name));
    // The first request (the list is sorted by name: Billing first) fails.
    mockService.failNext('updateFlow', { status: 500, message: 'Internal Server Error' });
    await user.click(within(screen.getByRole('region', { name: 'Selected flows' })).getByRole('button', { name: 'Pause' }));

    const result = await summary();
    expect(result).toHaveAccessibleName('Paused 1 of 3 flows');
    expect(
      within(result)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Billing to warehouse: Internal Server Error', 'GitHub to data lake: already paused', 'Orders to warehouse: paused']);
    expect(result).toHaveTextContent('The flow that failed stays selected, to try again.');
    expect(checkbox('Billing to warehouse')).toBeChecked();
    expect(checkbox('Orders to warehouse')).not.toBeChecked();
    expect(mockService.db.flow(1)?.paused).toBe(true);
    expect(mockService.db.flow(4)?.paused).toBe(false);
  });

  it('runs the selected flows: a running one says already running', async () => {
    const { user } = await openList();
    await user.click(checkbox('Orders to warehouse'));
    await user.click(checkbox('Sample backfill to reporting'));
    await user.click(within(screen.getByRole('region', { name: 'Selected flows' })).getByRole('button', { name: 'Run now' }));

    const result = await summary();
    expect(result).toHaveAccessibleName('Started 1 of 2 runs');
    expect(
      within(result)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Orders to warehouse: run started', 'Sample backfill to reporting: already running']);
    expect(mockService.db.activeFlowRun(1)).toBeDefined();
  });

  it('resumes the selected flows', async () => {
    const { user } = await openList('/flows?schedule=paused');
    await user.click(await screen.findByRole('checkbox', { name: 'Select all 1 listed flows' }));
    await user.click(within(screen.getByRole('region', { name: 'Selected flows' })).getByRole('button', { name: 'Resume' }));
    const result = await summary();
    expect(within(result).getByRole('listitem')).toHaveTextContent('GitHub to data lake: resumed');
    expect(mockService.db.flow(SEED.pausedFlowId)?.paused).toBe(false);
  });

  it('deletes after a dialog naming the flows and the workflows that run them', async () => {
    const { user, table } = await openList();
    await user.click(checkbox('Orders to warehouse'));
    await user.click(checkbox('Partner stock to partner warehouse'));
    await user.click(within(screen.getByRole('region', { name: 'Selected flows' })).getByRole('button', { name: 'Delete' }));

    const dialog = await screen.findByRole('dialog', { name: 'Delete 2 flows?' });
    expect(
      within(dialog)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Orders to warehouse', 'Partner stock to partner warehouse']);
    expect(await within(dialog).findByText('Nightly warehouse refresh')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Delete 2 flows' }));

    const result = await summary();
    expect(result).toHaveAccessibleName('Deleted 2 of 2 flows');
    await waitFor(() => {
      expect(within(table).queryByRole('link', { name: 'Orders to warehouse' })).not.toBeInTheDocument();
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(mockService.db.flow(1)).toBeUndefined();
    expect(mockService.db.flow(SEED.idleFlowId)).toBeUndefined();
  });
});
