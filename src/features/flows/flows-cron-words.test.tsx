import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '@/test/render';

// Whether the scheduler's library (croner, in lib/schedule.ts) was fetched: its module's first import runs this.
const schedulerFetched = vi.hoisted(() => vi.fn());
vi.mock('@/lib/schedule', async (importOriginal) => {
  schedulerFetched();
  return importOriginal();
});

describe('cron words in the flows list', () => {
  it('words a cron without fetching the scheduler’s library, which a first hover on its schedule then asks for', async () => {
    const { user } = renderApp('/flows');
    const table = await screen.findByRole('table');
    const words = await within(table).findByText('On the hour, every 6 hours (UTC)');
    expect(schedulerFetched).not.toHaveBeenCalled();

    // Its next runs are the scheduler's to tell: they come with the first hover.
    await user.hover(words);
    const tooltip = await screen.findByRole('tooltip');
    await waitFor(() => {
      expect(tooltip).toHaveTextContent(/Next runs?/i);
    });
    expect(schedulerFetched).toHaveBeenCalled();
  });
});
