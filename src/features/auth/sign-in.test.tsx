import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DEMO_API_KEY, STARTER_API_KEY } from '@/mock-service/auth';
import { renderApp, TEST_BASE_URL } from '@/test/render';
import { mockService } from '@/test/server';

async function fillSignIn(user: ReturnType<typeof renderApp>['user'], key: string, { remember = false } = {}) {
  // Keys are pasted, as people do with them.
  await user.click(await screen.findByLabelText(/^API key/, { selector: 'input' }));
  await user.paste(key);
  if (remember) await user.click(screen.getByLabelText('Remember on this device'));
  await user.click(screen.getByRole('button', { name: 'Advanced' }));
  const baseUrl = await screen.findByLabelText('Service base URL');
  await user.clear(baseUrl);
  await user.paste(TEST_BASE_URL);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('sign-in', () => {
  it('sends a signed-out visitor to sign-in and back to the page they asked for', async () => {
    const { user, router } = renderApp('/workflows', { apiKey: null });
    expect(await screen.findByRole('heading', { name: 'Sign in to Flowdeck' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/sign-in');
    expect(router.state.location.search).toEqual({ redirect: '/workflows' });

    await fillSignIn(user, DEMO_API_KEY);

    expect(await screen.findByRole('heading', { level: 1, name: 'Workflows' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/workflows');
    expect(sessionStorage.getItem('flowdeck.session')).toContain(DEMO_API_KEY);
    expect(localStorage.getItem('flowdeck.session')).toBeNull();
    expect(router.state.location.href).not.toContain(DEMO_API_KEY);
  });

  it('keeps the key in localStorage only when asked to remember it', async () => {
    const { user } = renderApp('/sign-in', { apiKey: null });
    await fillSignIn(user, DEMO_API_KEY, { remember: true });
    expect(await screen.findByRole('heading', { level: 1, name: 'Overview' })).toBeInTheDocument();
    expect(localStorage.getItem('flowdeck.session')).toContain(DEMO_API_KEY);
    expect(sessionStorage.getItem('flowdeck.session')).toBeNull();
  });

  it('refuses a wrong key with a message and stays on sign-in', async () => {
    const { user, router } = renderApp('/sign-in', { apiKey: null });
    await fillSignIn(user, 'wrong-key');
    expect(await screen.findByRole('alert')).toHaveTextContent('That API key was not accepted');
    expect(router.state.location.pathname).toBe('/sign-in');
    expect(sessionStorage.getItem('flowdeck.session')).toBeNull();
  });

  it('says so when the service cannot be reached', async () => {
    mockService.failNext('listDestinationSpecs', { network: true });
    const { user } = renderApp('/sign-in', { apiKey: null });
    await fillSignIn(user, DEMO_API_KEY);
    expect(await screen.findByRole('alert')).toHaveTextContent('could not be reached');
  });

  it('asks for a key or a password before sending anything', async () => {
    const { user } = renderApp('/sign-in', { apiKey: null });
    await screen.findByLabelText('Email');
    await user.click(await screen.findByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Enter your email and password, or an API key')).toBeInTheDocument();
    // Only how this site takes a sign-in was asked: nothing was sent to sign in.
    expect(mockService.calls.map((call) => call.operation)).toEqual(['getSignInMethods']);
  });

  it('never follows a redirect to another site after sign-in', async () => {
    const { user, router } = renderApp('/sign-in?redirect=%2F%2Fevil.example%2Fx', { apiKey: null });
    await fillSignIn(user, DEMO_API_KEY);
    expect(await screen.findByRole('heading', { level: 1, name: 'Overview' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });
});

describe('a 401 from any call', () => {
  it('ends the session, asks to sign in again and returns to the same page', async () => {
    mockService.failNext('listFlows', { status: 401, message: 'Unauthorized' });
    const { user, router } = renderApp('/flows');

    expect(await screen.findByRole('heading', { name: 'Sign in to Flowdeck' })).toBeInTheDocument();
    await waitFor(() => {
      expect(router.state.location.search).toEqual({ redirect: '/flows' });
    });
    expect(sessionStorage.getItem('flowdeck.session')).toBeNull();

    await fillSignIn(user, DEMO_API_KEY);
    expect(await screen.findByRole('heading', { level: 1, name: 'Flows' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/flows');
  });
});

describe('a 403 from the service', () => {
  it('shows the plan message verbatim and keeps the navigation working', async () => {
    const { user } = renderApp('/workflows', { apiKey: STARTER_API_KEY });
    expect(await screen.findByRole('alert')).toHaveTextContent('Your current plan does not support workflows.');
    expect(screen.getByText('Not included in your plan')).toBeInTheDocument();

    await user.click(within(screen.getByRole('navigation', { name: 'Sections' })).getByRole('link', { name: 'Flows' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Flows' })).toBeInTheDocument();
  });
});
