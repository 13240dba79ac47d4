import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/test/render';

describe('cron words in the flows list', () => {
  it('words a cron, and a hover on its schedule tells its next runs', async () => {
    const { user } = renderApp('/flows');
    const table = await screen.findByRole('table');
    const words = await within(table).findByText('On the hour, every 6 hours (UTC)');

    await user.hover(words);
    const tooltip = await screen.findByRole('tooltip');
    await waitFor(() => {
      expect(tooltip).toHaveTextContent(/Next runs?/i);
    });
  });
});
