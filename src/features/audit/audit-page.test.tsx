import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { updateFlow } from '@/api/flows';
import { ROLE_API_KEYS } from '@/mock-service/auth';
import { signIn } from '@/mock-service/api-test-helpers';
import { renderApp } from '@/test/render';
import { mockService } from '@/test/server';

// The Audit log page: filters in the URL, newest first, more by cursor, export of what the filters select.

afterEach(() => {
  vi.unstubAllGlobals();
});

const entries = () => within(screen.getByRole('list', { name: 'Audit entries' })).getAllByRole('listitem');

describe('the audit log', () => {
  it('reads each entry as a sentence, newest first, a secret only as changed', async () => {
    renderApp('/audit');
    await screen.findByRole('list', { name: 'Audit entries' });
    const texts = entries().map((item) => item.textContent);
    expect(texts[0]).toContain('Omar Haddad ran flow “Orders to warehouse”');
    expect(texts).toContainEqual(expect.stringContaining('Ana Lima changed schedule of flow “Orders to warehouse”: every 6h → every 1h'));
    expect(texts).toContainEqual(expect.stringContaining('Ana Lima changed password of source “Production orders DB”'));
  });

  it('filters by what and by object through the URL, and opens a filtered address as it was', async () => {
    const { user, router } = renderApp('/audit');
    await screen.findByRole('list', { name: 'Audit entries' });
    await user.click(screen.getByRole('combobox', { name: 'What' }));
    await user.click(await screen.findByRole('option', { name: /^runFlow/ }));
    await waitFor(() => {
      expect(router.state.location.search).toEqual({ action: 'runFlow' });
    });
    await waitFor(() => {
      expect(entries()).toHaveLength(1);
    });

    await router.navigate({ to: '/audit', search: { resourceType: 'source', resourceId: '1' } });
    await waitFor(() => {
      expect(entries().map((item) => item.textContent)).toEqual([expect.stringContaining('password of source “Production orders DB”')]);
    });
    expect(mockService.calls.at(-1)?.url).toContain('resourceType=source&resourceId=1');
  });

  it('ignores a bad filter in the address', async () => {
    const { router } = renderApp('/audit?actor=everyone&action=runFlow');
    await screen.findByRole('list', { name: 'Audit entries' });
    expect(router.state.location.search).toEqual({ action: 'runFlow' });
  });

  it('loads older entries by cursor', async () => {
    signIn(ROLE_API_KEYS.editor);
    for (let index = 0; index < 55; index += 1) await updateFlow(2, { displayName: `Orders ${String(index)}` });
    const { user } = renderApp('/audit');
    await screen.findByRole('list', { name: 'Audit entries' });
    expect(entries()).toHaveLength(50);
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => {
      expect(entries()).toHaveLength(58);
    });
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('exports the filtered entries as JSON Lines', async () => {
    const saved: Blob[] = [];
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: (blob: Blob) => (saved.push(blob), 'blob:audit'), revokeObjectURL: () => undefined }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const { user } = renderApp('/audit?actor=user:2');
    await screen.findByRole('list', { name: 'Audit entries' });
    await user.click(screen.getByRole('button', { name: 'Export JSON Lines' }));
    expect(await screen.findByText('Exported 2 entries.')).toBeInTheDocument();
    expect(click).toHaveBeenCalled();
    const lines = (await saved[0]?.text())?.trim().split('\n') ?? [];
    expect(lines).toHaveLength(2);
    expect(lines.map((line) => (JSON.parse(line) as { actor: { name: string } }).actor.name)).toEqual(['Ana Lima', 'Ana Lima']);
  });
});
