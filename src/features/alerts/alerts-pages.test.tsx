import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SIGNING_SECRET_AGAIN } from '@/api/messages';
import { renderApp } from '@/test/render';
import { mockService } from '@/test/server';

// The Alerts pages against the mock service: the list, a new channel (the URL a password field, never
// shown again), the channel page with Send test and its deliveries, editing its rules, and the refusal
// of a new URL without the signing secret.

const HOOK = 'https://hooks.example.com/services/T1/B2/very-secret';

/** A password field's label also names its visibility toggle: the input itself. */
function secretField(label: RegExp): HTMLElement {
  const input = screen.getAllByLabelText(label).find((element) => element.tagName === 'INPUT');
  if (!input) throw new Error(`No input labelled ${String(label)}`);
  return input;
}

function seedChannel(overrides: Partial<(typeof mockService.db.state.alertChannels)[number]> = {}) {
  const now = mockService.db.now();
  const channel = {
    id: 1,
    kind: 'webhook',
    name: 'Data team',
    url: HOOK,
    signingSecret: 'a-signing-secret-long-enough',
    events: ['run_failed', 'flow_late'],
    flowIds: [3],
    createdAt: now,
    updatedAt: now,
    ...overrides,
  };
  mockService.db.state.alertChannels.push(channel);
  return channel;
}

describe('alerts list', () => {
  it('is in the navigation and says what to do when there is no channel', async () => {
    const { user, router } = renderApp('/');
    await user.click(await screen.findByRole('link', { name: 'Alerts' }));
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/alerts');
    });
    expect(await screen.findByText(/No channels yet/)).toBeInTheDocument();
  });

  it('lists each channel with its kind, origin, rules and flows, never its URL', async () => {
    seedChannel();
    renderApp('/alerts');
    const table = await screen.findByRole('table', { name: 'Alert channels' });
    const row = within(table).getByRole('link', { name: 'Data team' }).closest('tr') as HTMLElement;
    expect(within(row).getByText('Webhook (signed)')).toBeInTheDocument();
    expect(within(row).getByText('https://hooks.example.com')).toBeInTheDocument();
    expect(within(row).getByText('Run failed, Flow late')).toBeInTheDocument();
    expect(within(row).getByText('1 chosen flow')).toBeInTheDocument();
    expect(document.body).not.toHaveTextContent('very-secret');
  });
});

describe('new channel', () => {
  it('checks the fields with the service’s own rules, then creates the channel and opens it', async () => {
    const { user, router } = renderApp('/alerts/new');
    await screen.findByRole('form', { name: 'New channel' });
    await user.click(screen.getByRole('radio', { name: 'Signed webhook' }));
    await user.type(screen.getByRole('textbox', { name: /^Name/ }), 'Ops');
    await user.type(secretField(/^Webhook URL/), 'ftp://example.com');
    await user.click(screen.getByRole('button', { name: 'Create channel' }));
    expect(await screen.findByText('Enter an http:// or https:// URL')).toBeInTheDocument();
    expect(screen.getByText('A webhook channel needs a signing secret')).toBeInTheDocument();
    expect(mockService.db.state.alertChannels).toHaveLength(0);

    await user.clear(secretField(/^Webhook URL/));
    await user.type(secretField(/^Webhook URL/), HOOK);
    await user.type(secretField(/^Signing secret/), 'a-signing-secret-long-enough');
    await user.click(screen.getByRole('checkbox', { name: 'Flow late' }));
    await user.click(screen.getByRole('radio', { name: 'Chosen flows' }));
    await user.click(screen.getByRole('combobox', { name: 'Chosen flows' }));
    await user.click(await screen.findByRole('option', { name: 'CRM to warehouse' }));
    await user.click(screen.getByRole('button', { name: 'Create channel' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Ops' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/alerts/1');
    // Every rule but the one unchecked: a new channel listens to Schema changed (issue 29) too.
    expect(mockService.db.state.alertChannels[0]).toMatchObject({
      kind: 'webhook',
      url: HOOK,
      events: ['run_failed', 'run_recovered', 'schema_changed'],
      flowIds: [3],
    });
    expect(screen.getByText('Run failed, Run recovered, Schema changed')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'CRM to warehouse' })).toBeInTheDocument();
    expect(document.body).not.toHaveTextContent('very-secret');
  });
});

describe('channel page', () => {
  it('sends a test: the delivery shows pending, then delivered with the answer', async () => {
    seedChannel();
    const { user } = renderApp('/alerts/1');
    expect(await screen.findByText('Nothing sent yet. Send test to check the channel.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send test' }));
    expect(await screen.findByText(/Test alert queued/)).toBeInTheDocument();
    const deliveries = await screen.findByRole('table', { name: 'Deliveries' });
    await waitFor(
      () => {
        expect(within(deliveries).getByText('Delivered')).toBeInTheDocument();
      },
      { timeout: 5_000 },
    );
    expect(within(deliveries).getByText('Test')).toBeInTheDocument();
    expect(within(deliveries).getByText('HTTP 200')).toBeInTheDocument();
  });

  it('edits the rules and flows, keeping the URL and secret when left empty', async () => {
    seedChannel();
    const { user } = renderApp('/alerts/1');
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    await user.click(screen.getByRole('checkbox', { name: 'Run recovered' }));
    await user.click(screen.getByRole('radio', { name: 'All flows' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Channel saved.')).toBeInTheDocument();
    expect(screen.getByText('Run failed, Run recovered, Flow late')).toBeInTheDocument();
    expect(mockService.db.state.alertChannels[0]).toMatchObject({ url: HOOK, signingSecret: 'a-signing-secret-long-enough', flowIds: null });
  });

  it('shows the refusal of a new URL sent without the signing secret, and keeps the old one', async () => {
    seedChannel();
    const { user } = renderApp('/alerts/1');
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    await user.type(secretField(/^Webhook URL/), 'https://elsewhere.example.com/hook');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(new RegExp(SIGNING_SECRET_AGAIN.slice(0, 40)))).toBeInTheDocument();
    expect(mockService.db.state.alertChannels[0]?.url).toBe(HOOK);
  });

  it('deletes after asking, and returns to the list', async () => {
    seedChannel();
    const { user, router } = renderApp('/alerts/1');
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    await user.click(await screen.findByRole('button', { name: 'Delete channel' }));
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/alerts');
    });
    expect(mockService.db.state.alertChannels).toHaveLength(0);
  });

  it('is the not-found page for a channel that does not exist', async () => {
    renderApp('/alerts/42');
    expect(await screen.findByText(/not found|does not exist/i)).toBeInTheDocument();
  });
});
