import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { dateFormat } from '@/lib/format';
import { SEED } from '@/mock-service/seed';
import { renderApp } from '@/test/render';
import { mockService, server } from '@/test/server';

// The Configuration cards tab: each link's state (open, submitted with the time, expired, revoked)
// and revoking an open link after a confirmation.

const HOUR = 3_600_000;
const source = SEED.incompleteSourceId;

/** Adds cards of every state to the seeded open one (id 1) of the incomplete source. */
function seedStates() {
  const now = Date.now();
  const base = { sourceId: source, imageUrl: null, type: 'SOURCE', createdAt: now - 48 * HOUR, senderName: null, redirectUrl: null };
  mockService.db.state.cards.push(
    {
      ...base,
      id: 11,
      hashId: 'c3VibWl0dGVkLWNhcmQtMDAx',
      url: '/cards/c3VibWl0dGVkLWNhcmQtMDAx',
      expiresAt: now + 24 * HOUR,
      instruction: 'Used one',
      submittedAt: Date.parse('2026-03-02T09:15:00Z'),
    },
    { ...base, id: 12, hashId: 'ZXhwaXJlZC1jYXJkLTAwMDAx', url: '/cards/ZXhwaXJlZC1jYXJkLTAwMDAx', expiresAt: now - HOUR, instruction: 'Late one' },
    {
      ...base,
      id: 13,
      hashId: 'cmV2b2tlZC1jYXJkLTAwMDAx',
      url: '/cards/cmV2b2tlZC1jYXJkLTAwMDAx',
      expiresAt: now + 24 * HOUR,
      instruction: 'Withdrawn one',
      revokedAt: Date.parse('2026-03-03T10:00:00Z'),
    },
  );
}

const rowOf = (table: HTMLElement, text: string) => {
  const row = within(table).getByText(text).closest('tr');
  if (!row) throw new Error(`No row for ${text}`);
  return within(row);
};

describe('configuration cards tab: states', () => {
  it('shows each link’s state, with the time it was submitted or revoked, and offers Revoke on open links only', async () => {
    seedStates();
    renderApp(`/sources/${String(source)}?tab=cards`);
    const table = await screen.findByRole('table', { name: 'Configuration cards' });
    await waitFor(() => {
      expect(within(table).getAllByRole('row')).toHaveLength(5);
    });
    const open = rowOf(table, 'Please enter the database user and password for the nightly stock export.');
    expect(open.getByText('Open')).toBeInTheDocument();
    expect(open.getByText(/^Expires in /)).toBeInTheDocument();
    expect(open.getByRole('button', { name: /^Revoke the link/ })).toBeInTheDocument();
    expect(open.getByRole('button', { name: 'Copy' })).toBeInTheDocument();

    const submitted = rowOf(table, 'Used one');
    expect(submitted.getByText('Submitted')).toBeInTheDocument();
    // The time is told in the chosen zone (the browser's by default), with the zone's name.
    const submittedAt = dateFormat('local').dateTime('2026-03-02T09:15:00.000Z');
    expect(submitted.getByText(submittedAt).parentElement).toHaveTextContent(`at ${submittedAt}`);
    expect(rowOf(table, 'Late one').getByText('Expired')).toBeInTheDocument();
    expect(rowOf(table, 'Withdrawn one').getByText('Revoked')).toBeInTheDocument();
    for (const text of ['Used one', 'Late one', 'Withdrawn one']) {
      expect(rowOf(table, text).queryByRole('button', { name: /Revoke/ })).not.toBeInTheDocument();
      expect(rowOf(table, text).queryByRole('button', { name: 'Copy' })).not.toBeInTheDocument();
    }
  });

  it('revokes an open link after a confirmation; the row then reads Revoked and the service has revoked it', async () => {
    const { user } = renderApp(`/sources/${String(source)}?tab=cards`);
    const table = await screen.findByRole('table', { name: 'Configuration cards' });
    const row = rowOf(table, 'Please enter the database user and password for the nightly stock export.');
    await user.click(row.getByRole('button', { name: /^Revoke the link/ }));

    const dialog = await screen.findByRole('dialog', { name: 'Revoke this configuration link?' });
    await user.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    });
    expect(mockService.calls.some((call) => call.operation === 'revokeConfigurationCard')).toBe(false);

    await user.click(row.getByRole('button', { name: /^Revoke the link/ }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Revoke link' }));
    expect(await row.findByText('Revoked')).toBeInTheDocument();
    expect(row.queryByRole('button', { name: /Revoke/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const card = mockService.db.card(SEED.validCardHash);
    expect(card && mockService.db.cardState(card)).toBe('revoked');
  });

  it('keeps the dialog open with the service’s message when revoking fails', async () => {
    mockService.failNext('revokeConfigurationCard', { status: 500 });
    const { user } = renderApp(`/sources/${String(source)}?tab=cards`);
    const table = await screen.findByRole('table', { name: 'Configuration cards' });
    await user.click(
      rowOf(table, 'Please enter the database user and password for the nightly stock export.').getByRole('button', { name: /^Revoke the link/ }),
    );
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Revoke link' }));
    expect(await within(dialog).findByText('Internal Server Error')).toBeInTheDocument();
    expect(rowOf(table, 'Please enter the database user and password for the nightly stock export.').getByText('Open')).toBeInTheDocument();
  });

  it('hides the new-link panel once that link is revoked', async () => {
    const { user } = renderApp(`/sources/${String(source)}?tab=cards`);
    await user.click(await screen.findByRole('button', { name: 'Share configuration link' }));
    await user.type(screen.getByRole('textbox', { name: /^Instruction/ }), 'Fresh one');
    await user.click(screen.getByRole('button', { name: 'Create link' }));
    expect(await screen.findByRole('region', { name: 'New configuration link' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Configuration cards' });
    await user.click(await rowOf(table, 'Fresh one').findByRole('button', { name: /^Revoke the link/ }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Revoke link' }));
    expect(await rowOf(table, 'Fresh one').findByText('Revoked')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'New configuration link' })).not.toBeInTheDocument();
  });

  it('goes by the expiry alone with a service that reports no states, and offers no Revoke', async () => {
    const wire = (id: number, hash: string, expiresAt: number) => ({
      id,
      hash_id: hash,
      expires_at: new Date(expiresAt).toISOString(),
      type: 'SOURCE',
      source_name: 'Partner stock database',
      url: `http://localhost/cards/${hash}`,
      image_url: null,
      instruction: `Card ${String(id)}`,
    });
    server.use(
      http.get('*/v2/sources/:id/configuration_cards', () =>
        HttpResponse.json({ data: [wire(2, 'b2xkLXNlcnZpY2UtY2FyZC0y', Date.now() + 24 * HOUR), wire(1, 'b2xkLXNlcnZpY2UtY2FyZC0x', Date.now() - HOUR)] }),
      ),
    );
    renderApp(`/sources/${String(source)}?tab=cards`);
    const table = await screen.findByRole('table', { name: 'Configuration cards' });
    expect(rowOf(table, 'Card 2').getByText('Open')).toBeInTheDocument();
    expect(rowOf(table, 'Card 2').getByRole('button', { name: 'Copy' })).toBeInTheDocument();
    expect(rowOf(table, 'Card 1').getByText('Expired')).toBeInTheDocument();
    expect(within(table).queryByRole('button', { name: /Revoke/ })).not.toBeInTheDocument();
  });
});
