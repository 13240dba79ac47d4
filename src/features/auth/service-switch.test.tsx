import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { DEMO_API_KEY } from '@/mock-service/auth';
import { renderApp, TEST_BASE_URL } from '@/test/render';
import { mockService, server } from '@/test/server';

// What a service supports is learned per sign-in: signing out of Flowdeck's service and into a hosted one in the
// same tab, the dashboard asks the new service as it would any unknown one.

const batches = () => mockService.calls.filter((call) => call.operation === 'listFlowStatuses');

/** From now on the mock answers as the hosted profile does: no Flowdeck additions, statuses without their attempt. */
function becomeHosted() {
  for (const addition of ['listFlowStatuses', 'getFlow', 'getSource', 'listSources', 'listDestinations'] as const) {
    mockService.fail(addition, { status: 404, message: 'Not Found' });
  }
  server.use(
    http.get('*/v2/flows/:id/status', ({ params }) =>
      HttpResponse.json({ id: Number(params.id), lifecycle: 'NOT_RUNNING', disposition: 'NONE', resources: [], errors: [], completedAt: null }),
    ),
  );
}

async function signInAgain(user: ReturnType<typeof renderApp>['user']) {
  await user.click(await screen.findByLabelText(/^API key/, { selector: 'input' }));
  await user.paste(DEMO_API_KEY);
  await user.click(screen.getByRole('button', { name: 'Advanced' }));
  const baseUrl = await screen.findByLabelText('Service base URL');
  await user.clear(baseUrl);
  await user.paste(TEST_BASE_URL);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
}

async function expectStatuses() {
  const table = await screen.findByRole('table');
  await waitFor(() => {
    expect(within(table).getAllByText('Failed').length).toBeGreaterThan(0);
  });
  expect(within(table).getByText('Running')).toBeInTheDocument();
  expect(within(table).queryByLabelText('Status unavailable')).not.toBeInTheDocument();
}

describe('signing into another kind of service in the same tab', () => {
  it('reads the flows’ statuses from a hosted service after a Flowdeck one batched them', async () => {
    const { user, router } = renderApp('/flows');
    await expectStatuses();
    expect(batches().length).toBeGreaterThan(0);

    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    becomeHosted();
    await signInAgain(user);
    await screen.findByRole('heading', { level: 1, name: 'Overview' });
    await router.navigate({ to: '/flows' });
    await expectStatuses();
    // The new service was asked for a batch and answered 404: each status was then read alone.
    expect(mockService.calls.some((call) => call.operation === 'listRunAttempts')).toBe(true);
  }, 60_000);

  it('opens a flow’s page on the hosted service after Flowdeck’s answered it alone', async () => {
    const { user, router } = renderApp('/flows/1');
    expect(await screen.findByRole('heading', { level: 2, name: 'Latest attempt' })).toBeInTheDocument();
    expect(mockService.calls.some((call) => call.operation === 'getFlow')).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    becomeHosted();
    // Straight to the flow's page: no flows list read before it.
    await router.navigate({ to: '/sign-in', search: { redirect: '/flows/3' } });
    await signInAgain(user);
    expect(await screen.findByRole('heading', { level: 1, name: 'CRM to warehouse' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 2, name: 'Latest attempt' })).toBeInTheDocument();
    // The hosted service cannot name the source by id: the page shows its id.
    expect(screen.getByRole('link', { name: 'Source 2' })).toBeInTheDocument();
  }, 60_000);
});
