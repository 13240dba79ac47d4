import { beforeEach, describe, expect, it } from 'vitest';
import { apiError, signIn } from '@/mock-service/api-test-helpers';
import { mockService } from '@/test/server';
import { PROPERTY_TYPES } from './common';
import { getSourceSpec, listDestinationSpecs, listSourceSpecs } from './specs';

beforeEach(() => {
  signIn();
});

describe('getSourceSpec', () => {
  it('reads the summary form', async () => {
    const spec = await getSourceSpec('rest_api');
    expect(spec).toEqual({
      name: 'rest_api',
      displayName: 'REST API',
      website: 'https://flowdeck.example/docs/sources/rest-api',
      tagLine: 'Pull JSON resources from any paginated REST API.',
      lifecycle: 'BETA',
      authenticationStrategy: 'TOKEN',
    });
  });

  it('answers 404 for an unknown name and 401 without a key', async () => {
    expect(await apiError(getSourceSpec('oracle'))).toMatchObject({ kind: 'not_found', status: 404 });
    signIn(null);
    expect(await apiError(getSourceSpec('postgres'))).toMatchObject({ kind: 'unauthorized', status: 401 });
  });

  it('keeps unknown lifecycle and authentication values, normalised to uppercase', async () => {
    mockService.failNext('getSourceSpec', { body: { data: { name: 'x', lifecycle: 'sunset', authenticationStrategy: 'mtls' } } });
    expect(await getSourceSpec('x')).toMatchObject({ lifecycle: 'SUNSET', authenticationStrategy: 'MTLS', displayName: null });
  });

  it('passes a 403 plan message through verbatim', async () => {
    mockService.failNext('getSourceSpec', { status: 403, message: 'Your current plan does not support the REST API source.' });
    expect(await apiError(getSourceSpec('rest_api'))).toMatchObject({ message: 'Your current plan does not support the REST API source.' });
  });
});

describe('listSourceSpecs', () => {
  it('lists the summary forms, each with its authentication strategy', async () => {
    const specs = await listSourceSpecs();
    expect(specs.map((spec) => spec.name)).toEqual(expect.arrayContaining(['postgres', 'rest_api', 'sample']));
    expect(specs.find((spec) => spec.name === 'postgres')).toEqual({
      name: 'postgres',
      displayName: 'PostgreSQL',
      website: 'https://www.postgresql.org',
      tagLine: 'Replicate tables from a PostgreSQL database.',
      lifecycle: 'STABLE',
      authenticationStrategy: 'BASIC',
    });
  });

  it('pages with limit and offset', async () => {
    const all = await listSourceSpecs();
    expect(await listSourceSpecs({ limit: 2, offset: 1 })).toEqual(all.slice(1, 3));
  });
});

describe('listDestinationSpecs', () => {
  it('reads the list form', async () => {
    const specs = await listDestinationSpecs();
    expect(specs.map((spec) => spec.name)).toEqual(['duckdb', 'postgres', 'files']);
    expect(specs[0]).toEqual({
      name: 'duckdb',
      displayName: 'DuckDB',
      website: 'https://duckdb.org',
      tagLine: 'An in-process analytical database file.',
      lifecycle: 'STABLE',
    });
  });

  it('reports a body that breaks the contract as invalid_response', async () => {
    mockService.failNext('listDestinationSpecs', { body: { data: [{ displayName: 'no name' }] } });
    const error = await apiError(listDestinationSpecs());
    expect(error.kind).toBe('invalid_response');
    expect(error.issues.join()).toMatch(/data\.0\.name/);
  });
});

describe('seeded catalogue', () => {
  it('uses all eight property types across the source specs', () => {
    const types = new Set(mockService.db.state.sourceSpecs.flatMap((spec) => spec.propertyDefinitions.map((definition) => definition.type)));
    expect([...types].sort()).toEqual([...PROPERTY_TYPES].sort());
  });
});
