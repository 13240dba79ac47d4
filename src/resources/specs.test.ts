import { QueryClient } from '@tanstack/react-query';
import { beforeEach, describe, expect, it } from 'vitest';
import { signIn } from '@/mock-service/api-test-helpers';
import { mockService } from '@/test/server';
import { specQueries } from './specs';

// The spec catalogue: Flowdeck's list of source specs, else the hosted service's connector list (the
// same specs in summary form), else "not listed".

const specs = () => new QueryClient({ defaultOptions: { queries: { retry: false } } }).query(specQueries.sources());

beforeEach(() => {
  signIn();
});

describe('specQueries.sources', () => {
  it('reads the source spec list where the service has it', async () => {
    const listing = await specs();
    expect(listing.available && listing.items.map((spec) => spec.name)).toContain('postgres');
    expect(mockService.calls.map((call) => call.operation)).toEqual(['listSourceSpecs']);
  });

  it('reads GET /v2/connectors where the service does not list source specs (the hosted service)', async () => {
    mockService.failNext('listSourceSpecs', { status: 404 });
    const listing = await specs();
    expect(listing.available && listing.items.map((spec) => spec.name)).toContain('postgres');
    expect(mockService.calls.map((call) => call.operation)).toEqual(['listSourceSpecs', 'listConnectors']);
  });

  it('says the catalogue is not listed where the service has neither', async () => {
    mockService.failNext('listSourceSpecs', { status: 404 });
    mockService.failNext('listConnectors', { status: 404 });
    expect(await specs()).toEqual({ available: false, items: [] });
  });
});
