import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SEED } from '@/mock-service/seed';
import { renderApp } from '@/test/render';
import { recordBodies } from '@/test/request-bodies';
import { mockService } from '@/test/server';

// Settings: the public address links use (said plainly while it is loopback), the team's name, the allowed
// redirects; and the share dialog saying where its links open.

describe('the public address', () => {
  it('says links open only on this computer, takes a public address, and the share dialog and new links then use it', async () => {
    const patches = recordBodies('PATCH', /^\/v2\/settings$/);
    const { user } = renderApp('/settings');
    const section = await screen.findByRole('region', { name: 'Public address' });
    expect(within(section).getByText('Links open only on this computer')).toBeInTheDocument();

    await user.type(within(section).getByRole('textbox', { name: /^Public address/ }), 'https://flowdeck.example.com');
    await user.click(within(section).getByRole('button', { name: 'Save address' }));
    expect(await within(section).findByText('Saved. Links now start with https://flowdeck.example.com.')).toBeInTheDocument();
    expect(within(section).queryByText('Links open only on this computer')).not.toBeInTheDocument();
    expect(patches).toEqual([{ publicUrl: 'https://flowdeck.example.com' }]);
    expect(mockService.db.state.settings.publicUrl).toBe('https://flowdeck.example.com');
  });

  it('refuses an address with a path, on the field', async () => {
    const { user } = renderApp('/settings');
    const section = await screen.findByRole('region', { name: 'Public address' });
    await user.type(within(section).getByRole('textbox', { name: /^Public address/ }), 'https://flowdeck.example.com/app');
    await user.click(within(section).getByRole('button', { name: 'Save address' }));
    expect(await within(section).findByText(/Enter only the address/)).toBeInTheDocument();
    expect(mockService.db.state.settings.publicUrl).toBeNull();
  });

  it('in the share dialog: says the link would open only here, with the way to Settings', async () => {
    renderApp(`/sources/${String(SEED.incompleteSourceId)}?tab=cards`);
    const notice = await screen.findByText('Links open only on this computer');
    const alert = notice.closest('[role="status"]');
    if (!(alert instanceof HTMLElement)) throw new Error('no notice');
    expect(within(alert).getByRole('link', { name: 'Settings' })).toHaveAttribute('href', '/settings');
  });
});

describe('who asks', () => {
  it('saves the team name and the allowed redirect hosts', async () => {
    const patches = recordBodies('PATCH', /^\/v2\/settings$/);
    const { user } = renderApp('/settings');
    const team = await screen.findByRole('region', { name: 'Team' });
    const name = within(team).getByRole('textbox', { name: /^Team or company name/ });
    await user.clear(name);
    await user.type(name, 'Northwind Ops');
    await user.click(within(team).getByRole('button', { name: 'Save name' }));
    expect(await within(team).findByText('Saved.')).toBeInTheDocument();

    const redirects = screen.getByRole('region', { name: 'Allowed redirects' });
    const hosts = within(redirects).getByRole('textbox', { name: /^Hosts a card may send/ });
    await user.clear(hosts);
    await user.type(hosts, 'portal.example.com{enter}Partner.Example.com');
    await user.click(within(redirects).getByRole('button', { name: 'Save hosts' }));
    expect(await within(redirects).findByText('Saved.')).toBeInTheDocument();
    expect(patches).toEqual([{ organizationName: 'Northwind Ops' }, { allowedRedirects: ['portal.example.com', 'partner.example.com'] }]);
    expect(mockService.db.state.settings).toMatchObject({ organizationName: 'Northwind Ops', allowedRedirects: ['portal.example.com', 'partner.example.com'] });
  });
});
