import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SEED } from '@/mock-service/seed';
import { renderApp } from '@/test/render';
import { recordBodies } from '@/test/request-bodies';
import { mockService } from '@/test/server';

// The Shared links page: every card across sources, its state and when it changed, filterable, with Revoke;
// and the share dialog's who-asks and redirect fields.

const rowWith = (table: HTMLElement, text: string) => {
  const row = within(table).getByText(text).closest('tr');
  if (!row) throw new Error(`no row with ${text}`);
  return within(row);
};

describe('the Shared links page', () => {
  it('lists every card with its source, who asked and its state; filters by state; revokes an open one', async () => {
    const { user, router } = renderApp('/shared-links');
    const table = await screen.findByRole('table', { name: 'Configuration cards' });
    const open = rowWith(table, 'Please enter the database user and password for the nightly stock export.');
    expect(open.getByRole('link', { name: 'Partner stock database' })).toBeInTheDocument();
    expect(open.getByText('Asked by Dana Whitfield')).toBeInTheDocument();
    expect(open.getByText('Open')).toBeInTheDocument();
    const expired = rowWith(table, 'Paste a new Billing API token.');
    expect(expired.getByText('Expired')).toBeInTheDocument();
    expect(expired.queryByText(/^Expires in/)).not.toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: 'Expired' }));
    await waitFor(() => {
      expect(router.state.location.search).toEqual({ state: 'expired' });
    });
    await waitFor(() => {
      expect(screen.queryByText('Please enter the database user and password for the nightly stock export.')).not.toBeInTheDocument();
    });
    expect(screen.getByText('Paste a new Billing API token.')).toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: 'All' }));
    const again = await screen.findByText('Please enter the database user and password for the nightly stock export.');
    const row = again.closest('tr');
    if (!row) throw new Error('no row');
    await user.click(within(row).getByRole('button', { name: /^Revoke the link/ }));
    await user.click(await screen.findByRole('button', { name: 'Revoke link' }));
    await waitFor(() => {
      expect(mockService.db.card(SEED.validCardHash)?.revokedAt).toBeDefined();
    });
    const table2 = screen.getByRole('table', { name: 'Configuration cards' });
    await waitFor(() => {
      expect(rowWith(table2, 'Please enter the database user and password for the nightly stock export.').getByText('Revoked')).toBeInTheDocument();
    });
  });
});

describe('the share dialog', () => {
  it('sends who asks and the redirect, and remembers the name for the next link', async () => {
    const posts = recordBodies('POST', /^\/v2\/sources\/\d+\/configuration_cards$/);
    const { user } = renderApp(`/sources/${String(SEED.incompleteSourceId)}?tab=cards`);
    await user.click(await screen.findByRole('button', { name: 'Share configuration link' }));
    await user.type(screen.getByRole('textbox', { name: /^Your name/ }), 'Dana Whitfield');
    await user.type(screen.getByRole('textbox', { name: /^Send the recipient back to/ }), 'https://partner.example.com/done');
    await user.click(screen.getByRole('button', { name: 'Create link' }));
    expect(await screen.findByRole('region', { name: 'New configuration link' })).toBeInTheDocument();
    expect(posts[0]).toMatchObject({ senderName: 'Dana Whitfield', redirectUrl: 'https://partner.example.com/done' });
    await user.click(screen.getByRole('button', { name: 'Share configuration link' }));
    expect(screen.getByRole('textbox', { name: /^Your name/ })).toHaveValue('Dana Whitfield');
  });

  it('says on the field when the redirect is not https, and sends nothing', async () => {
    const posts = recordBodies('POST', /^\/v2\/sources\/\d+\/configuration_cards$/);
    const { user } = renderApp(`/sources/${String(SEED.incompleteSourceId)}?tab=cards`);
    await user.click(await screen.findByRole('button', { name: 'Share configuration link' }));
    await user.type(screen.getByRole('textbox', { name: /^Send the recipient back to/ }), 'javascript:alert(1)');
    await user.click(screen.getByRole('button', { name: 'Create link' }));
    expect(await screen.findByText('Use an https:// address.')).toBeInTheDocument();
    expect(posts).toEqual([]);
  });
});
