import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { leavePageFor } from '@/lib/leave-page';
import { signIn } from '@/mock-service/api-test-helpers';
import { SEED } from '@/mock-service/seed';
import { renderApp } from '@/test/render';
import { recordBodies } from '@/test/request-bodies';
import { mockService } from '@/test/server';

vi.mock('@/lib/leave-page', () => ({ leavePageFor: vi.fn() }));

beforeEach(() => {
  vi.mocked(leavePageFor).mockClear();
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

  it('refuses an empty or incomplete submit on the missing fields, in the page, keeping what was typed; a value on file is not asked again', async () => {
    const patches = recordBodies('PATCH', /^\/v2\/cards\//);
    const { user } = renderApp(`/cards/${SEED.validCardHash}`, { apiKey: null });
    await user.click(await screen.findByRole('button', { name: 'Send configuration' }));
    expect(await screen.findByText('User is required.')).toBeInTheDocument();
    expect(screen.getByText('Password is required.')).toBeInTheDocument();
    const schema = screen.getByRole('textbox', { name: /^Schema/ });
    await user.type(schema, 'incoming');
    await user.type(screen.getByRole('textbox', { name: /^User/ }), 'acme');
    await user.click(screen.getByRole('button', { name: 'Send configuration' }));
    expect(await screen.findByText('Password is required.')).toBeInTheDocument();
    expect(screen.queryByText('User is required.')).not.toBeInTheDocument();
    expect(schema).toHaveValue('incoming');
    expect(patches).toEqual([]);
    // The host is on file: not marked required, and said so.
    expect(screen.getByRole('textbox', { name: /^Host/ })).not.toBeRequired();
    expect(screen.getAllByText(/Already on file: leave it empty to keep it\./).length).toBeGreaterThan(0);
    // Required marks follow the spec: a required field not on file is marked, an optional one is not.
    expect(screen.getByRole('textbox', { name: /^User/ })).toBeRequired();
    expect(schema).not.toBeRequired();
  });

  it('says clearly when the card has expired', async () => {
    renderApp(`/cards/${SEED.expiredCardHash}`, { apiKey: null });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('This link has expired')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send configuration' })).not.toBeInTheDocument();
    // Said once: no countdown, no form, no "who asks".
    expect(screen.queryByText(/Expires in|Expired .* ago/)).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Who asks' })).not.toBeInTheDocument();
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

describe('who asks, and why', () => {
  it("names the sender, the team and the source's kind, says what happens with the credentials, and shows the team's logo", async () => {
    mockService.db.state.settings.logo = { bytes: new Uint8Array([0x89]), type: 'image/png', version: 'abc123' };
    renderApp(`/cards/${SEED.validCardHash}`, { apiKey: null });
    const asker = await screen.findByRole('region', { name: 'Who asks' });
    expect(within(asker).getByText('Dana Whitfield of Acme Data Team asks you to connect a PostgreSQL source')).toBeInTheDocument();
    expect(within(asker).getByText(/never shown again, not even to the person who asked/)).toBeInTheDocument();
    expect(within(asker).getByText(/^Expires in /)).toBeInTheDocument();
    expect(within(asker).getByRole('img', { name: 'Acme Data Team logo' })).toHaveAttribute('src', '/v2/settings/logo?v=abc123');
  });
});

describe('Test connection before sending', () => {
  it('checks what was typed without saving it, shows the checklist and a warning after a failure, and still lets the recipient send', async () => {
    const patches = recordBodies('PATCH', /^\/v2\/cards\//);
    const tests = recordBodies('POST', /^\/v2\/cards\/.+\/verify$/);
    const { user } = renderApp(`/cards/${SEED.validCardHash}`, { apiKey: null });
    await user.type(await screen.findByRole('textbox', { name: /^User/ }), 'acme');
    await user.click(screen.getByRole('button', { name: 'Test connection' }));
    expect(await screen.findByText(/checks failed/)).toBeInTheDocument();
    expect(screen.getByText('The last test failed')).toBeInTheDocument();
    expect(tests).toEqual([{ properties: { user: 'acme' } }]);
    expect(mockService.db.source(SEED.incompleteSourceId)?.properties.user).toBeUndefined();

    await user.type(screen.getByLabelText(/^Password/, { selector: 'input' }), 'partner-pass');
    await user.click(screen.getByRole('button', { name: 'Test connection' }));
    await waitFor(() => {
      expect(tests).toHaveLength(2);
    });
    expect(await screen.findByText(/Connected to/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send configuration' }));
    expect(await screen.findByText('Thank you')).toBeInTheDocument();
    expect(patches).toEqual([{ properties: { user: 'acme', password: 'partner-pass' } }]);
  });
});

describe('back where they came from', () => {
  it('sends the recipient to the card’s redirect with its id and the outcome once the submission succeeded', async () => {
    const { user } = renderApp(`/cards/${SEED.validCardHash}`, { apiKey: null });
    await user.type(await screen.findByRole('textbox', { name: /^User/ }), 'acme');
    await user.type(screen.getByLabelText(/^Password/, { selector: 'input' }), 'partner-pass');
    await user.click(screen.getByRole('button', { name: 'Send configuration' }));
    await waitFor(() => {
      expect(leavePageFor).toHaveBeenCalledWith('https://partner.example.com/onboarding/done?card=1&outcome=submitted');
    });
  });
});
