import { describe, expect, it, beforeEach } from 'vitest';
import { z } from 'zod';
import { apiError, signIn } from '@/mock-service/api-test-helpers';
import { DEMO_API_KEY } from '@/mock-service/auth';
import { OPERATIONS } from '@/mock-service/operations';
import { SEED } from '@/mock-service/seed';
import { mockService } from '@/test/server';
import { createConfigurationCard } from './cards';
import { configureApi } from './api-session';
import { buildUrl, request, writeBody } from './client';
import { propertiesInputSchema } from './common';
import { createDestination, getDestination, updateDestination, verifyDestination } from './destinations';
import { cancelFlow, listFlows, listRunAttempts, runFlow } from './flows';
import { getResolvers } from './resolvers';
import { createSource, updateSource } from './sources';
import { getSourceSpec, listDestinationSpecs } from './specs';
import { deleteWebhookTrigger, getWebhookTrigger } from './webhooks';
import { cancelWorkflow, deleteWorkflow, getWorkflowStatus, listWorkflows, runWorkflow } from './workflows';

beforeEach(() => {
  signIn();
});

/** The 21 documented operations, each called once with valid input. */
const documentedCalls: (() => Promise<unknown>)[] = [
  () => createSource({ sourceSpec: 'sample', properties: { row_count: 5 } }),
  () => updateSource(1, { displayName: 'Orders' }),
  () => createConfigurationCard(1, { expiresAt: new Date(Date.now() + 3600_000).toISOString() }),
  () => getResolvers(1),
  () => getSourceSpec('postgres'),
  () => createDestination({ destinationSpec: 'duckdb', properties: { path: '/tmp/a.duckdb' } }),
  () => getDestination(1),
  () => updateDestination(1, { displayName: 'Warehouse' }),
  () => verifyDestination(1),
  () => listDestinationSpecs(),
  () => listFlows(),
  () => runFlow(1),
  () => listRunAttempts(1),
  () => cancelFlow(1),
  () => listWorkflows(),
  () => getWorkflowStatus(1),
  () => runWorkflow(1),
  () => cancelWorkflow(1),
  () => getWebhookTrigger(1, 1),
  () => deleteWebhookTrigger(1, 1),
  () => deleteWorkflow(1),
];

describe('request', () => {
  it('sends the bearer key on every documented operation', async () => {
    for (const call of documentedCalls) await call();
    const operations = mockService.calls.map((call) => call.operation);
    expect(new Set(operations).size).toBe(21);
    expect(operations.every((operation) => OPERATIONS.includes(operation))).toBe(true);
    expect(mockService.calls.every((call) => call.authorization === `Bearer ${DEMO_API_KEY}`)).toBe(true);
  });

  it('works with an absolute base URL (trailing slash too) and the page origin', async () => {
    configureApi({ baseUrl: 'http://localhost/' });
    expect((await listFlows()).length).toBeGreaterThan(0);
    configureApi({ baseUrl: '' });
    expect((await listFlows()).length).toBeGreaterThan(0);
    // The list is read in pages, so the URL carries limit and offset; origin and path are the page's.
    const called = new URL(mockService.calls.at(-1)?.url ?? '');
    expect(called.origin + called.pathname).toBe(new URL('/v2/flows', window.location.href).href);
  });

  it('sends no Authorization header without a key and reads the 401', async () => {
    signIn(null);
    const error = await apiError(listFlows());
    expect(mockService.calls.at(-1)?.authorization).toBeNull();
    expect(error).toMatchObject({ kind: 'unauthorized', status: 401, message: 'Unauthorized' });
  });

  it('turns a failed connection into a network error', async () => {
    mockService.failNext('listFlows', { network: true });
    const error = await apiError(listFlows());
    expect(error).toMatchObject({ kind: 'network', status: undefined });
  });

  it('gives up after timeoutMs with a timeout error', async () => {
    mockService.failNext('listFlows', { delayMs: 300 });
    const error = await apiError(request({ path: '/v2/flows', schema: z.unknown(), timeoutMs: 30 }));
    expect(error).toMatchObject({ kind: 'timeout', status: undefined });
  });

  it('lets a caller cancellation through as the abort itself, not as an ApiError', async () => {
    mockService.failNext('listFlows', { delayMs: 300 });
    const controller = new AbortController();
    const pending = listFlows({ signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toSatisfy((error: unknown) => error instanceof Error && error.name === 'AbortError');
  });

  it('uses the body message of an error, or the status text when it is not JSON', async () => {
    mockService.failNext('listFlows', { status: 502, rawBody: 'Bad gateway from proxy' });
    expect(await apiError(listFlows())).toMatchObject({ kind: 'server', status: 502, message: 'Bad gateway from proxy' });
  });

  it('answers a delayed request normally when it is within the timeout', async () => {
    mockService.failNext('getSourceSpec', { delayMs: 20 });
    await expect(getSourceSpec('sample')).resolves.toMatchObject({ name: 'sample' });
  });
});

describe('writeBody', () => {
  it('refuses any asterisk mask as a property value, with the issue path', () => {
    expect(() => writeBody(propertiesInputSchema, { password: '********' })).toThrow(/masked secret/);
    expect(writeBody(propertiesInputSchema, { password: 'real', port: 1, ssl: false, note: null })).toEqual({
      password: 'real',
      port: 1,
      ssl: false,
      note: null,
    });
  });
});

describe('buildUrl', () => {
  it('joins base and path and leaves undefined query values out', () => {
    expect(buildUrl('http://x/', '/v2/flows/1/run', { limit: 5, offset: undefined, order: 'ASC' })).toBe('http://x/v2/flows/1/run?limit=5&order=ASC');
    expect(buildUrl('', '/v2/flows')).toBe('/v2/flows');
  });
});

describe('card hash as bearer', () => {
  it('does not leak the session key to card endpoints', async () => {
    await request({ path: `/v2/cards/${SEED.validCardHash}`, schema: z.unknown(), token: SEED.validCardHash });
    expect(mockService.calls.at(-1)?.authorization).toBe(`Bearer ${SEED.validCardHash}`);
  });
});
