import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@/api/messages';
import { renderApp } from '@/test/render';
import { mockService } from '@/test/server';

// The service answers 503 with its database message while its database is away: a banner says so,
// the last good data stays, polling goes on, and the banner leaves at the first refresh that succeeds.

describe('database banner', () => {
  it('does not show for other failures', async () => {
    mockService.failNext('listFlows', { status: 500 });
    mockService.failNext('listFlows', { status: 500 });
    mockService.failNext('listFlows', { status: 500 });
    renderApp('/flows');
    expect(await screen.findByText('The service failed', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.queryByText("The service's database is not answering")).toBeNull();
  });

  it('shows while refreshes answer 503 "the database is not answering" and leaves once one succeeds', async () => {
    mockService.fail('listFlows', { status: 503, message: MESSAGES.databaseUnavailable });
    renderApp('/flows');
    expect(await screen.findByText("The service's database is not answering", {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Sections' })).toBeInTheDocument();
    mockService.clearFailures('listFlows');
    await waitFor(
      () => {
        expect(screen.queryByText("The service's database is not answering")).toBeNull();
      },
      { timeout: 15_000 },
    );
  }, 30_000);
});
