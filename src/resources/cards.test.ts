import { act } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { SEED } from '@/mock-service/seed';
import { renderWithClient } from '@/test/render-hook';
import { mockService } from '@/test/server';
import { cardQueries, useCreateCard, useRevokeCard } from './cards';

const sourceId = SEED.incompleteSourceId;
const inAWeek = () => new Date(Date.now() + 7 * 24 * 3600_000).toISOString();

describe('configuration card mutations', () => {
  it('useCreateCard reads the source’s links again', async () => {
    const onCreated = vi.fn();
    const { client, result } = renderWithClient(() => useCreateCard(sourceId, { onCreated }));
    await client.query(cardQueries.ofSource(sourceId));

    const card = await act(() => result.current.mutateAsync({ expiresAt: inAWeek() }));

    expect(onCreated).toHaveBeenCalledWith(card);
    expect(client.getQueryState(cardQueries.ofSource(sourceId).queryKey)?.isInvalidated).toBe(true);
    expect((await client.query(cardQueries.ofSource(sourceId))).items.map((item) => item.id)).toContain(card.id);
  });

  it('where the service cannot list links, the list holds those created and revoked in this session', async () => {
    mockService.fail('listConfigurationCards', { status: 404 });
    const { client, result } = renderWithClient(() => ({
      create: useCreateCard(sourceId, { onCreated: vi.fn() }),
      revoke: useRevokeCard({ onRevoked: vi.fn() }),
    }));
    const before = await client.query(cardQueries.ofSource(sourceId));
    expect(before.available).toBe(false);

    const card = await act(() => result.current.create.mutateAsync({ expiresAt: inAWeek() }));
    const created = await client.query(cardQueries.ofSource(sourceId));
    expect(created).toEqual({ available: false, items: [card, ...before.items] });

    await act(() => result.current.revoke.mutateAsync({ card, sourceId }));
    const [revoked] = (await client.query(cardQueries.ofSource(sourceId))).items;
    expect(revoked).toMatchObject({ id: card.id, state: 'revoked', revokedAt: expect.any(String) as unknown });
  });
});
