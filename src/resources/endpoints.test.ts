import { act } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithClient } from '@/test/render-hook';
import { destinationQueries, useCreateDestination, useUpdateDestination } from './destinations';
import { sourceQueries, useCreateSource, useUpdateSource } from './sources';

// Sources and destinations update the cache alike, except how far a save reaches: a source's save also
// restarts discovery (its resolvers), a destination's only renames it.

describe('useUpdateSource', () => {
  it('shows the saved source at once and reads everything cached about sources again', async () => {
    const { client, result } = renderWithClient(() => useUpdateSource(1));
    await client.query(sourceQueries.detail(1));
    await client.query(sourceQueries.resolvers(1));
    await client.query(sourceQueries.names());
    await client.query(sourceQueries.list());

    const saved = await act(() => result.current.mutateAsync({ displayName: 'Orders (renamed)' }));

    expect(client.getQueryData(sourceQueries.detail(1).queryKey)).toEqual(saved);
    for (const queryKey of [sourceQueries.resolvers(1).queryKey, sourceQueries.names().queryKey, sourceQueries.list().queryKey])
      expect(client.getQueryState(queryKey)?.isInvalidated).toBe(true);
  });
});

describe('useUpdateDestination', () => {
  it('shows the saved destination at once and reads its lists again, the names shown in the flow lists included', async () => {
    const { client, result } = renderWithClient(() => useUpdateDestination(2));
    await client.query(destinationQueries.detail(2));
    await client.query(destinationQueries.names());
    await client.query(destinationQueries.choices());

    const saved = await act(() => result.current.mutateAsync({ displayName: 'Reporting (renamed)' }));

    const detail = client.getQueryState(destinationQueries.detail(2).queryKey);
    expect(detail?.data).toEqual(saved);
    expect(detail?.isInvalidated).toBe(false);
    expect(client.getQueryState(destinationQueries.names().queryKey)?.isInvalidated).toBe(true);
    expect(client.getQueryState(destinationQueries.choices().queryKey)?.isInvalidated).toBe(true);
  });
});

describe('creating a source or destination', () => {
  it('reads the lists of its kind again, and nothing else', async () => {
    const { client, result } = renderWithClient(() => ({ source: useCreateSource(), destination: useCreateDestination() }));
    await client.query(sourceQueries.choices());
    await client.query(sourceQueries.detail(1));
    await client.query(destinationQueries.choices());

    await act(() => result.current.source.mutateAsync({ sourceSpec: 'sample' }));
    expect(client.getQueryState(sourceQueries.choices().queryKey)?.isInvalidated).toBe(true);
    expect(client.getQueryState(sourceQueries.detail(1).queryKey)?.isInvalidated).toBe(false);
    expect(client.getQueryState(destinationQueries.choices().queryKey)?.isInvalidated).toBe(false);

    await act(() => result.current.destination.mutateAsync({ destinationSpec: 'duckdb' }));
    expect(client.getQueryState(destinationQueries.choices().queryKey)?.isInvalidated).toBe(true);
  });
});
