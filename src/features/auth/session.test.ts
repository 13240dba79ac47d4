import { afterEach, describe, expect, it } from 'vitest';
import { getApiSession } from '@/api/api-session';
import { restoreSession, saveSession } from './session';

const STORAGE_KEY = 'flowdeck.session';

afterEach(() => {
  sessionStorage.clear();
  localStorage.clear();
});

describe('restoreSession', () => {
  it('restores a session saved for this tab, or remembered, into the API client', () => {
    saveSession({ token: 'key-1', baseUrl: 'https://service.example' }, true);
    expect(restoreSession()).toBe(true);
    expect(getApiSession()).toEqual({ token: 'key-1', baseUrl: 'https://service.example' });
  });

  it.each([
    ['not JSON', '{token'],
    ['JSON that is not an object', '"key-1"'],
    ['an empty key', JSON.stringify({ token: '', baseUrl: '' })],
    ['a key that is not text', JSON.stringify({ token: 5, baseUrl: '' })],
    ['no base URL', JSON.stringify({ token: 'key-1' })],
    ['null', 'null'],
  ])('treats storage holding %s as signed out, with no key in the client', (_case, stored) => {
    localStorage.setItem(STORAGE_KEY, stored);
    expect(restoreSession()).toBe(false);
    expect(getApiSession().token).toBeNull();
  });

  it('keeps only the key and the base URL of what storage holds', () => {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify({ token: 'key-1', baseUrl: '', extra: 'ignored' }));
    restoreSession();
    expect(getApiSession()).toEqual({ token: 'key-1', baseUrl: '' });
  });
});
