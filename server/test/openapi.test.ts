import { afterAll, describe, expect, it } from 'vitest';
import { startHarness } from './harness';
import { INTERFACE_DOCUMENT, OPERATIONS, PUBLIC_OPERATIONS } from './operations';

// /v2/openapi.json: the machine-readable description carries version 0.0.1 and every operation.

const service = await startHarness();
afterAll(() => service.stop());

interface OpenApiDocument {
  openapi: string;
  info: { version: string };
  paths: Record<string, Record<string, { responses?: Record<string, unknown> }>>;
}

describe('GET /v2/openapi.json', () => {
  it('is served without a key, as OpenAPI 3 with version 0.0.1', async () => {
    const answer = await service.api('/v2/openapi.json', { key: null });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
    const document = answer.body as OpenApiDocument;
    expect(document.openapi).toMatch(/^3\./);
    expect(document.info.version).toBe('0.0.1');
  });

  it('describes every operation of the interface and of Flowdeck’s additions', async () => {
    const document = (await service.api('/v2/openapi.json')).body as OpenApiDocument;
    const described = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.keys(methods)
        .filter((method) => ['get', 'post', 'patch', 'delete', 'put'].includes(method))
        .map((method) => `${method.toUpperCase()} ${path}`),
    );
    const expected = [...OPERATIONS, ...PUBLIC_OPERATIONS]
      .filter((operation) => operation.path !== '/v2/openapi.json')
      .map((operation) => `${operation.method} ${operation.path.replace(/^\/v2/, '')}`);
    const withServerPrefix = described.map((entry) => entry.replace(' /v2/', ' /'));
    expect(new Set(withServerPrefix)).toEqual(new Set(expected));
    expect(OPERATIONS.filter((operation) => operation.documented)).toHaveLength(21);
    // The catalogue's own operations are exactly the interface document's; the rest are marked as additions.
    const documented = [...OPERATIONS, ...PUBLIC_OPERATIONS].filter((operation) => operation.documented).map(({ method, path }) => `${method} ${path}`);
    expect(new Set(documented)).toEqual(new Set(INTERFACE_DOCUMENT));
  });

  it('documents the 201 of every create and the errors with their { message } body', async () => {
    const document = (await service.api('/v2/openapi.json')).body as OpenApiDocument;
    const operation = (path: string, method: string) => document.paths[path]?.[method] ?? document.paths[`/v2${path}`]?.[method];
    expect(Object.keys(operation('/sources', 'post')?.responses ?? {})).toEqual(expect.arrayContaining(['201', '400', '401', '403']));
    expect(Object.keys(operation('/destinations', 'post')?.responses ?? {})).toEqual(expect.arrayContaining(['201']));
    expect(Object.keys(operation('/flows/{id}/run', 'post')?.responses ?? {})).toEqual(expect.arrayContaining(['201', '400', '404', '500']));
    expect(Object.keys(operation('/destinations/{id}/verify', 'get')?.responses ?? {})).toEqual(expect.arrayContaining(['200', '408']));
  });

  it('describes the query of the runs list, run changes and the audit log', async () => {
    const document = (await service.api('/v2/openapi.json')).body as { paths: Record<string, Record<string, { parameters?: { name: string }[] }>> };
    const names = (path: string) => (document.paths[path]?.get?.parameters ?? []).map((parameter) => parameter.name);
    expect(names('/v2/runs')).toEqual(['status', 'trigger', 'flow', 'workflow', 'from', 'to', 'limit', 'cursor', 'order']);
    expect(names('/v2/run-changes')).toEqual(['since', 'wait']);
    expect(names('/v2/audit')).toEqual(['actor', 'action', 'resourceType', 'resourceId', 'from', 'to', 'limit', 'cursor']);
  });

  it('describes Flowdeck’s flow fields: paused (read and PATCH), the attempt number and the triggers', async () => {
    const document = (await service.api('/v2/openapi.json')).body as OpenApiDocument;
    const text = (path: string, method: string) => JSON.stringify(document.paths[`/v2${path}`]?.[method]);
    expect(text('/flows', 'get')).toMatch(/"paused":\{"description":"Flowdeck's addition: the flow keeps its schedule but does not run on it/);
    expect(text('/flows/{id}', 'patch')).toMatch(/"paused":\{"description":"Flowdeck's addition: true pauses the flow's schedule, false resumes it/);
    expect(text('/flows/{id}/run', 'get')).toMatch(/"number":\{"description":"Flowdeck's addition: the attempt's number within its flow/);
    expect(text('/flows/{id}/run', 'get')).toMatch(/"trigger":\{"description":"Shown: scheduled, manual. Flowdeck adds workflow .* and webhook/);
  });
});
