import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createUser } from '@/api/team';
import { signIn } from '@/mock-service/api-test-helpers';
import { renderApp } from '@/test/render';
import { mockService } from '@/test/server';

// A single-use link: whose it is, a password when it sets one, used once, then the dashboard.

async function invitationPath(): Promise<string> {
  signIn();
  const invited = await createUser({ email: 'lee@example.com', name: 'Lee Park', role: 'operator' });
  const url = new URL(invited.invitation.url);
  return `${url.pathname}${url.hash}`;
}

describe('/welcome', () => {
  it('says whose invitation it is, sets the password and lands in the dashboard', async () => {
    const { user, router } = renderApp(await invitationPath(), { apiKey: null });
    expect(await screen.findByRole('heading', { name: 'Welcome to Flowdeck' })).toBeInTheDocument();
    expect(screen.getByText('Lee Park, choose a password to sign in as lee@example.com.')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^New password\s*\*?$/, { selector: 'input' }), 'short');
    await user.click(screen.getByRole('button', { name: 'Set password and sign in' }));
    expect(await screen.findByText('Use at least 12 characters')).toBeInTheDocument();
    expect(mockService.calls.some((call) => call.operation === 'useLink')).toBe(false);

    await user.clear(screen.getByLabelText(/^New password\s*\*?$/, { selector: 'input' }));
    await user.type(screen.getByLabelText(/^New password\s*\*?$/, { selector: 'input' }), 'a long enough password');
    await user.type(screen.getByLabelText(/^New password again/, { selector: 'input' }), 'a long enough password');
    await user.click(screen.getByRole('button', { name: 'Set password and sign in' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Overview' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(mockService.db.state.team.users.find((person) => person.email === 'lee@example.com')?.password).toBe('a long enough password');
    expect(sessionStorage.length + localStorage.length).toBe(0);
  });

  it('says so when the link was already used', async () => {
    const path = await invitationPath();
    const link = mockService.db.state.team.links.at(-1);
    if (link) link.usedAt = Date.now();
    renderApp(path, { apiKey: null });
    expect(await screen.findByRole('alert')).toHaveTextContent('This link was already used.');
  });

  it('says so when the address carries no link', async () => {
    renderApp('/welcome', { apiKey: null });
    expect(await screen.findByRole('alert')).toHaveTextContent('This address carries no link.');
  });
});
