import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { signIn } from '@/mock-service/api-test-helpers';
import { SEED } from '@/mock-service/seed';
import { renderApp } from '@/test/render';
import { recordBodies } from '@/test/request-bodies';
import { mockService } from '@/test/server';

beforeEach(() => {
  signIn(null); // the recipient has no API key
});

describe('card recipient page', () => {
  it('opens without signing in and shows the instruction, image, expiry and the form drawn from the spec', async () => {
    const { router } = renderApp(`/cards/${SEED.validCardHash}`, { apiKey: null });
    expect(await screen.findByRole('heading', { level: 1, name: 'Configure Partner stock database' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/cards/${SEED.validCardHash}`);
    expect(screen.getByText('Please enter the database user and password for the nightly stock export.')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Image from the sender of this link' })).toHaveAttribute('src', 'https://flowdeck.example/img/partner-card.png');
    expect(screen.getByText(/^Expires in /)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /^User/ })).toBeInTheDocument();
    expect(screen.getByLabelText(/^Password/, { selector: 'input' })).toHaveValue('');
    expect(mockService.calls.at(-1)?.authorization).toBe(`Bearer ${SEED.validCardHash}`);
  });

  it('submits the credentials and thanks the recipient', async () => {
    const patches = recordBodies('PATCH', /^\/v2\/cards\//);
    const { user } = renderApp(`/cards/${SEED.validCardHash}`, { apiKey: null });
    await user.type(await screen.findByRole('textbox', { name: /^User/ }), 'acme');
    await user.type(screen.getByLabelText(/^Password/, { selector: 'input' }), 'partner-pass');
    await user.click(screen.getByRole('button', { name: 'Send configuration' }));
    expect(await screen.findByText('Thank you')).toBeInTheDocument();
    expect(patches).toEqual([{ properties: { user: 'acme', password: 'partner-pass' } }]);
    expect(mockService.db.source(SEED.incompleteSourceId)?.properties).toMatchObject({ user: 'acme', password: 'partner-pass', host: 'db.partner.example' });
  });

  it('names the missing required properties the service reports, keeping what was typed', async () => {
    const { user } = renderApp(`/cards/${SEED.validCardHash}`, { apiKey: null });
    const schema = await screen.findByRole('textbox', { name: /^Schema/ });
    await user.type(schema, 'incoming');
    await user.click(screen.getByRole('button', { name: 'Send configuration' }));
    expect(await screen.findByText('Bad Request: Missing required properties: user, password')).toBeInTheDocument();
    expect(screen.getAllByText('Required: the service has no value for it yet.')).toHaveLength(2);
    expect(schema).toHaveValue('incoming');
  });

  it('says clearly when the card has expired', async () => {
    renderApp(`/cards/${SEED.expiredCardHash}`, { apiKey: null });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('This link has expired')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send configuration' })).not.toBeInTheDocument();
  });

  it('says clearly when the card is unknown', async () => {
    renderApp('/cards/no-such-card', { apiKey: null });
    expect(await screen.findByText('Unknown link')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send configuration' })).not.toBeInTheDocument();
  });
});

describe('a link that no longer works', () => {
  it('says kindly that a used link has already been used, when opened again after sending', async () => {
    const first = renderApp(`/cards/${SEED.validCardHash}`, { apiKey: null });
    await first.user.type(await screen.findByRole('textbox', { name: /^User/ }), 'acme');
    await first.user.type(screen.getByLabelText(/^Password/, { selector: 'input' }), 'partner-pass');
    await first.user.click(screen.getByRole('button', { name: 'Send configuration' }));
    expect(await screen.findByText('Thank you')).toBeInTheDocument();
    first.unmount();

    renderApp(`/cards/${SEED.validCardHash}`, { apiKey: null });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('This link has already been used')).toBeInTheDocument();
    expect(within(alert).getByText(/works only once/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send configuration' })).not.toBeInTheDocument();
  });

  it('says a revoked link was withdrawn by its sender', async () => {
    const card = mockService.db.card(SEED.validCardHash);
    if (card) card.revokedAt = Date.now();
    renderApp(`/cards/${SEED.validCardHash}`, { apiKey: null });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('This link has been revoked')).toBeInTheDocument();
    expect(within(alert).getByText(/has withdrawn it/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send configuration' })).not.toBeInTheDocument();
  });

  it('replaces the form with the reason when the link is revoked or used while the form is open', async () => {
    const { user } = renderApp(`/cards/${SEED.validCardHash}`, { apiKey: null });
    await user.type(await screen.findByRole('textbox', { name: /^User/ }), 'acme');
    await user.type(screen.getByLabelText(/^Password/, { selector: 'input' }), 'partner-pass');
    const card = mockService.db.card(SEED.validCardHash);
    if (card) card.revokedAt = Date.now();
    await user.click(screen.getByRole('button', { name: 'Send configuration' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('This link has been revoked')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send configuration' })).not.toBeInTheDocument();
    expect(mockService.db.source(SEED.incompleteSourceId)?.properties.user).toBeUndefined();
  });
});
