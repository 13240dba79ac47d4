import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { DEMO_API_KEY, MOCK_PASSWORD } from '@/mock-service/auth';
import { renderApp } from '@/test/render';
import { mockService, server } from '@/test/server';
import { setViewportWidth } from '@/test/viewport';

// Signing in to this site's own service starts a browser session: nothing is kept in storage, every request
// carries the CSRF header, and the account menu says who is signed in.

type User = ReturnType<typeof renderApp>['user'];

async function signInWithPassword(user: User, email: string, password: string) {
  await user.type(await screen.findByLabelText('Email'), email);
  await user.type(screen.getByLabelText('Password', { selector: 'input' }), password);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
}

const nothingStored = () => {
  expect(sessionStorage.length + localStorage.length).toBe(0);
};

describe('a browser session on this site', () => {
  it('signs in with an email and password, keeps nothing in storage and shows who signed in', async () => {
    setViewportWidth(1280);
    const { user, router } = renderApp('/flows', { apiKey: null });
    await signInWithPassword(user, 'ana@example.com', MOCK_PASSWORD);
    expect(await screen.findByRole('heading', { level: 1, name: 'Flows' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/flows');
    nothingStored();
    expect(screen.getByRole('button', { name: 'Account: Ana Lima, editor' })).toBeInTheDocument();
    // The cookie decides who calls: no key is sent.
    expect(mockService.calls.filter((call) => call.operation === 'listFlows').every((call) => call.authorization === null)).toBe(true);
  });

  it('signs in with a key to a session too, and a change carries the CSRF header', async () => {
    const { user } = renderApp('/flows/1', { apiKey: null });
    await user.click(await screen.findByLabelText(/^API key/, { selector: 'input' }));
    await user.paste(DEMO_API_KEY);
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await screen.findByRole('heading', { level: 1, name: 'Orders to warehouse' });
    nothingStored();
    const headers: (string | null)[] = [];
    server.events.on('request:start', ({ request }) => {
      if (request.method === 'POST') headers.push(request.headers.get('X-Flowdeck-Csrf'));
    });
    await user.click(screen.getByRole('button', { name: 'Run now' }));
    await waitFor(() => {
      expect(mockService.calls.some((call) => call.operation === 'runFlow')).toBe(true);
    });
    expect(headers).toContain('1');
    server.events.removeAllListeners();
  });

  it('says so when the password does not match, and stays on sign-in', async () => {
    const { user, router } = renderApp('/sign-in', { apiKey: null });
    await signInWithPassword(user, 'ana@example.com', 'not the password');
    expect(await screen.findByRole('alert')).toHaveTextContent('That email and password do not match.');
    expect(router.state.location.pathname).toBe('/sign-in');
  });

  it('offers SSO where it is set up, coming back to the page asked for', async () => {
    server.use(http.get('*/v2/auth/methods', () => HttpResponse.json({ data: { password: true, sso: true } })));
    renderApp('/sign-in?redirect=%2Fruns', { apiKey: null });
    expect(await screen.findByRole('link', { name: 'Sign in with SSO' })).toHaveAttribute('href', '/v2/auth/oidc/start?redirect=%2Fruns');
  });

  it('says when the SSO sign-in failed, and why', async () => {
    renderApp('/sign-in?error=sso_state', { apiKey: null });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('SSO sign-in failed');
    expect(alert).toHaveTextContent('The sign-in expired, was already used, or was started in another tab or browser.');
    expect(screen.queryByRole('link', { name: 'Sign in with SSO' })).not.toBeInTheDocument();
  });

  it('offers only the key where the service has no sessions (the hosted one)', async () => {
    mockService.fail('getSignInMethods', { status: 404, message: 'Not Found' });
    renderApp('/sign-in', { apiKey: null });
    expect(await screen.findByLabelText(/^API key/, { selector: 'input' })).toBeInTheDocument();
    await waitFor(() => {
      expect(mockService.calls.some((call) => call.operation === 'getSignInMethods')).toBe(true);
    });
    expect(screen.queryByLabelText('Email')).not.toBeInTheDocument();
  });

  it('signs out everywhere from the account menu', async () => {
    setViewportWidth(1280);
    const { user } = renderApp('/', { apiKey: null });
    await signInWithPassword(user, 'omar@example.com', MOCK_PASSWORD);
    await user.click(await screen.findByRole('button', { name: 'Account: Omar Haddad, operator' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Sign out everywhere' }));
    expect(await screen.findByRole('heading', { name: 'Sign in to Flowdeck' })).toBeInTheDocument();
    expect(mockService.calls.some((call) => call.operation === 'signOutEverywhere')).toBe(true);
    expect(mockService.db.state.team.session).toBeNull();
  });
});
