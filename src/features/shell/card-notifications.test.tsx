import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SEED } from '@/mock-service/seed';
import { renderApp } from '@/test/render';
import { mockService } from '@/test/server';

// The sender told: a browser notification when a link they shared is filled in, for a sender who turned
// notifications on; the links already filled in when the page opened are not told again.

const shown: { title: string; body: string; tag: string }[] = [];
class FakeNotification {
  static permission: NotificationPermission = 'granted';
  static requestPermission = () => Promise.resolve('granted' as NotificationPermission);
  readonly title: string;
  constructor(title: string, options: { body: string; tag: string }) {
    this.title = title;
    shown.push({ title, ...options });
  }
}

beforeEach(() => {
  shown.length = 0;
  vi.stubGlobal('Notification', FakeNotification);
  localStorage.setItem('flowdeck.notifyRuns', 'on');
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('card notifications', () => {
  it('tells the sender once when a shared link is filled in, naming the source and who shared it', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderApp('/sources');
    await screen.findByRole('heading', { level: 1, name: 'Sources' });
    await waitFor(() => {
      expect(mockService.calls.some((call) => call.operation === 'listCards')).toBe(true);
    });
    expect(shown).toEqual([]);

    const card = mockService.db.card(SEED.validCardHash);
    if (!card) throw new Error('no seeded card');
    card.submittedAt = Date.now();
    await vi.advanceTimersByTimeAsync(31_000);
    await waitFor(() => {
      expect(shown).toHaveLength(1);
    });
    expect(shown[0]).toMatchObject({
      title: 'Configuration received: Partner stock database',
      body: 'The link Dana Whitfield shared for “Partner stock database” was filled in.',
      tag: 'flowdeck-card-1',
    });
    await vi.advanceTimersByTimeAsync(31_000);
    expect(shown).toHaveLength(1);
  });
});
