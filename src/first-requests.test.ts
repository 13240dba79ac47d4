import { waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { FIRST_PAGE } from '@/api/first-pages';
import { takeAhead } from '@/api/send-ahead';
import { saveSession } from '@/features/auth/session';
import { DEMO_API_KEY } from '@/mock-service/auth';
import { renderApp, TEST_BASE_URL } from '@/test/render';
import { recordSentUrls } from '@/test/sent-urls';
import { FIRST_LISTS, sendFirstRequests } from './first-requests';

let sent: string[] = [];
const firstPageUrl = (list: string) => `${TEST_BASE_URL}${list}?limit=${String(FIRST_PAGE.limit)}&offset=0`;

beforeEach(() => {
  sent = recordSentUrls();
  saveSession({ token: DEMO_API_KEY, baseUrl: TEST_BASE_URL }, false);
});

describe('sendFirstRequests', () => {
  it.each(Object.keys(FIRST_LISTS))('asks ahead only for lists the page at %s reads: each first page is sent once, and its loader takes it', async (path) => {
    sendFirstRequests(path);
    const lists = FIRST_LISTS[path] ?? [];
    expect(lists.length).toBeGreaterThan(0);
    expect(sent).toEqual(lists.map(firstPageUrl));
    const { router } = renderApp(path);
    await waitFor(() => {
      expect(router.state.matches.at(-1)?.status).toBe('success');
    });
    for (const list of lists) {
      // Taken: a list the page did not read would still be waiting, one it read without taking would be asked twice.
      expect(takeAhead(firstPageUrl(list), DEMO_API_KEY)).toBeUndefined();
      expect(sent.filter((url) => url === firstPageUrl(list))).toHaveLength(1);
    }
  });

  it.each(['/sources', '/flows/1', '/constructor', '/__proto__'])('asks nothing ahead for %s', (path) => {
    sendFirstRequests(path);
    expect(sent).toEqual([]);
  });
});
