import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { signIn } from '@/mock-service/api-test-helpers';
import { SEED } from '@/mock-service/seed';
import { mockService } from '@/test/server';
import { SourceTestConnection } from './source-test-connection';

// "Test connection" on the source page: source verify (GET /v2/sources/{id}/verify) shown with the
// destination verify checklist, against the MSW mock service.

function renderCheck(sourceId: number, unsavedChanges = false) {
  signIn();
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  const user = userEvent.setup();
  render(
    <MantineProvider env="test">
      <QueryClientProvider client={client}>
        <SourceTestConnection sourceId={sourceId} unsavedChanges={unsavedChanges} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { user, button: screen.getByRole('button', { name: 'Test connection' }) };
}

afterEach(() => {
  mockService.db.verifyDelayMs = 0;
});

describe('SourceTestConnection', () => {
  it('asks source verify and shows each message as a checklist item, counting down the 10-second bound meanwhile', async () => {
    mockService.db.verifyDelayMs = 1_500;
    const { user, button } = renderCheck(1);
    expect(screen.getByRole('heading', { name: 'Test connection' })).toBeInTheDocument();
    await user.click(button);
    expect(await screen.findByText(/s left of the 10-second limit/)).toBeInTheDocument();
    const results = await screen.findByRole('list', { name: 'Verification results' }, { timeout: 5_000 });
    expect(within(results).getAllByRole('listitem')).toHaveLength(2);
    expect(within(results).getByText(/Connected to Production orders DB/)).toBeInTheDocument();
    expect(screen.getByText('All 2 checks passed')).toBeInTheDocument();
    expect(mockService.calls.map((call) => `${call.method} ${new URL(call.url).pathname}`)).toEqual(['GET /v2/sources/1/verify']);
  });

  it('lists missing required properties and a refused connection as errors', async () => {
    const incomplete = renderCheck(SEED.incompleteSourceId);
    await incomplete.user.click(incomplete.button);
    const results = await screen.findByRole('list', { name: 'Verification results' });
    expect(within(results).getByText(/Error · password/)).toBeInTheDocument();
    expect(screen.getByText(/checks failed$/)).toBeInTheDocument();
  });

  it('reports the service’s refusal of the password as a failed check', async () => {
    const { user, button } = renderCheck(SEED.badPasswordSourceId);
    await user.click(button);
    const results = await screen.findByRole('list', { name: 'Verification results' });
    expect(within(results).getByText(/password authentication failed/)).toBeInTheDocument();
    expect(screen.getByText('1 of 1 checks failed')).toBeInTheDocument();
  });

  it('shows the 10-second timeout as a timeout', async () => {
    mockService.failNext('verifySource', { status: 504, message: 'Request Timeout' });
    const { user, button } = renderCheck(1);
    await user.click(button);
    expect(await screen.findByRole('alert')).toHaveTextContent(/Timed out.*10-second limit/);
  });

  it('says what a 404 can mean: the source is gone, or the service has no connection test', async () => {
    mockService.failNext('verifySource', { status: 404 });
    const { user, button } = renderCheck(1);
    await user.click(button);
    expect(await screen.findByText('Source not found')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(/cannot test source connections/);
  });

  it('notes that it tests what is saved while the form has unsaved changes', () => {
    renderCheck(1, true);
    expect(screen.getByText('Unsaved changes')).toBeInTheDocument();
    expect(screen.getByText(/Test connection checks what is saved/)).toBeInTheDocument();
  });
});
