import { describe, expect, it } from 'vitest';
import type { AuditEntry } from '@/api/audit';
import { changeLines, entrySentence } from './audit-words';

const entry = (overrides: Partial<AuditEntry>): AuditEntry => ({
  id: '1',
  at: '2026-11-28T08:00:00Z',
  actor: { type: 'user', id: '2', name: 'Ana Lima' },
  address: '192.0.2.1',
  action: 'updateFlow',
  resource: { type: 'flow', id: '1', name: 'Orders' },
  changes: null,
  ...overrides,
});

describe('an audit entry in words', () => {
  it('says a one-field change with its values', () => {
    expect(entrySentence(entry({ changes: { frequency: { before: '1h', after: '6h' } } }))).toBe(
      'Ana Lima changed schedule of flow “Orders”: every 1h → every 6h',
    );
  });

  it('never shows a secret’s values', () => {
    const secret = entry({
      action: 'updateSource',
      resource: { type: 'source', id: '1', name: 'Shop' },
      changes: { 'properties.password': { before: 'changed', after: 'changed' } },
    });
    expect(entrySentence(secret)).toBe('Ana Lima changed password of source “Shop”');
    expect(changeLines(secret.changes)).toEqual([{ field: 'password', text: 'changed' }]);
  });

  it('names a key, a run and a sign-in', () => {
    expect(entrySentence(entry({ actor: { type: 'key', id: '4', name: 'On-call' }, action: 'runFlow' }))).toBe('Key “On-call” ran flow “Orders”');
    expect(entrySentence(entry({ action: 'signIn', resource: null }))).toBe('Ana Lima signed in');
    expect(
      entrySentence(
        entry({ actor: { type: 'key', id: '4', name: 'On-call' }, action: 'keyUsedFromNewAddress', resource: { type: 'key', id: '4', name: 'On-call' } }),
      ),
    ).toBe('Key “On-call” was used from a new address');
  });

  it('reads an action it does not know as the operation’s words', () => {
    expect(entrySentence(entry({ action: 'archiveSource', resource: { type: 'source', id: '3', name: null } }))).toBe('Ana Lima archive source source 3');
  });
});
