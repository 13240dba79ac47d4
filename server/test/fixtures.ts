import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import { dataOf, listOf } from '@/api/common';
import { destinationSchema } from '@/api/destinations';
import { flowSchema, type RunAttempt, runAttemptSchema } from '@/api/flows';
import { sourceSchema } from '@/api/sources';
import { webhookTriggerSchema } from '@/api/webhooks';
import { workflowSchema, workflowStatusSchema } from '@/api/workflows';
import { type Api, type ApiAnswer, eventually } from './harness';

// Resources the tests build on, created over HTTP and read with the dashboard's own readers.

/** Fails with the answer's body when the status is not the expected one. */
export function expectStatus(answer: ApiAnswer, status: number): ApiAnswer {
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  return answer;
}

export async function createSampleSource(api: Api, properties: Record<string, string | number | boolean> = { row_count: 100 }, displayName = 'Sample') {
  const answer = await api('/v2/sources', { method: 'POST', body: { sourceSpec: 'sample', displayName, properties } });
  return dataOf(sourceSchema).parse(expectStatus(answer, 201).body);
}

/**
 * A `files` destination writing JSON lines into a new folder. The default is relative, so it lies in the
 * service's allowed folder (`join(harness.filesDir, folder)` on disk).
 */
export async function createFilesDestination(api: Api, folder = `files-${randomBytes(4).toString('hex')}`, displayName = 'Files') {
  const answer = await api('/v2/destinations', {
    method: 'POST',
    body: { destinationSpec: 'files', displayName, properties: { bucket_url: folder, format: 'jsonl' } },
  });
  return { ...dataOf(destinationSchema).parse(expectStatus(answer, 201).body), folder };
}

/**
 * A files destination every load fails on: its folder is a file in the allowed folder (a remote bucket,
 * the older way to fail, is refused when saved).
 */
export async function createFailingFilesDestination(api: Api, filesDir: string) {
  const name = `not-a-folder-${randomBytes(4).toString('hex')}`;
  writeFileSync(join(filesDir, name), 'a file, not a folder');
  const answer = await api('/v2/destinations', { method: 'POST', body: { destinationSpec: 'files', properties: { bucket_url: name, format: 'jsonl' } } });
  return dataOf(destinationSchema).parse(expectStatus(answer, 201).body);
}

export async function createFlow(api: Api, sourceId: number, destinationId: number, overrides: Record<string, unknown> = {}) {
  const answer = await api('/v2/flows', { method: 'POST', body: { displayName: 'Test flow', source: sourceId, destination: destinationId, ...overrides } });
  return dataOf(flowSchema).parse(expectStatus(answer, 201).body);
}

/** A sample source and a files destination joined by a manual flow; `rows_per_second` slows it down. */
export async function createSampleFlow(
  api: Api,
  sourceProperties: Record<string, string | number | boolean> = { row_count: 100 },
  overrides: Record<string, unknown> = {},
) {
  const source = await createSampleSource(api, sourceProperties);
  const destination = await createFilesDestination(api);
  const flow = await createFlow(api, source.id, destination.id, overrides);
  return { source, destination, flow };
}

/** Slow enough to still be running seconds later: 1,000 rows at 100 a second. */
export const SLOW_SAMPLE = { row_count: 1_000, rows_per_second: 100 } as const;

export async function createWorkflow(api: Api, definition: unknown, overrides: Record<string, unknown> = {}) {
  const answer = await api('/v2/workflows', { method: 'POST', body: { name: 'Test workflow', definition, ...overrides } });
  return workflowSchemaOf(expectStatus(answer, 201));
}

const workflowSchemaOf = (answer: ApiAnswer) => dataOf(workflowSchema).parse(answer.body);

export async function createWebhook(api: Api, workflowId: number, body: Record<string, unknown> = { provider: 'slack', event_type: 'message' }) {
  const answer = await api(`/v2/workflows/${String(workflowId)}/webhooks`, { method: 'POST', body });
  return dataOf(webhookTriggerSchema).parse(expectStatus(answer, 201).body);
}

export async function listAttempts(api: Api, flowId: number, query = ''): Promise<RunAttempt[]> {
  const answer = expectStatus(await api(`/v2/flows/${String(flowId)}/run${query}`), 200);
  return dataOf(listOf(runAttemptSchema)).parse(answer.body);
}

/** Waits for the flow's latest attempt to end and returns it. */
export function attemptEnded(api: Api, flowId: number, timeoutMs = 30_000): Promise<RunAttempt> {
  return eventually(
    async () => {
      const [latest] = await listAttempts(api, flowId, '?limit=1');
      return latest?.lifecycle === 'not_running' ? latest : undefined;
    },
    timeoutMs,
    `the latest run of flow ${String(flowId)} to end`,
  );
}

export async function workflowStatus(api: Api, workflowId: number) {
  const answer = expectStatus(await api(`/v2/workflows/${String(workflowId)}/status`), 200);
  return workflowStatusSchema.parse(answer.body);
}

/** Waits until the workflow's last run has ended and returns its status. */
export function workflowEnded(api: Api, workflowId: number, timeoutMs = 30_000) {
  return eventually(
    async () => {
      const status = await workflowStatus(api, workflowId);
      return status.lifecycle === 'not_running' && status.disposition !== 'none' ? status : undefined;
    },
    timeoutMs,
    `workflow ${String(workflowId)} to end`,
  );
}

/** A date-time `ms` from now, as the API takes it. */
export const inFuture = (ms: number) => new Date(Date.now() + ms).toISOString();

/** The raw wire of a success: the status, JSON, and `{ data }` as the only member. */
export function expectWrapped(answer: ApiAnswer, status = 200): unknown {
  expectStatus(answer, status);
  expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
  expect(Object.keys(answer.body as object)).toEqual(['data']);
  return (answer.body as { data: unknown }).data;
}

/** The raw wire of an error: the status and a body that is exactly `{ message }` with this text. */
export function expectError(answer: ApiAnswer, status: number, message: string | RegExp): void {
  expectStatus(answer, status);
  expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
  expect(Object.keys(answer.body as object)).toEqual(['message']);
  const text = (answer.body as { message: unknown }).message;
  if (typeof message === 'string') expect(text).toBe(message);
  else expect(text).toMatch(message);
}

/** 400 bodies start with the documented `Bad Request` and may say what was wrong. */
export const BAD_REQUEST = /^Bad Request/;

export const PLAN_MESSAGE = 'Your current plan does not support workflows.';

// Asymmetric matchers typed as unknown (vitest types them as any).
export const anyNumber = expect.any(Number) as unknown;
export const anyString = expect.any(String) as unknown;
export const anyArray = expect.any(Array) as unknown;
export const matching = (pattern: RegExp | string) => expect.stringMatching(pattern) as unknown;
export const containing = (items: unknown[]) => expect.arrayContaining(items) as unknown;
export const including = (object: Record<string, unknown>) => expect.objectContaining(object) as unknown;

/** Waits until the flow's latest attempt is running and satisfies `condition`. */
export function eventuallyRunning(api: Api, flowId: number, condition: (attempt: RunAttempt) => boolean = () => true, timeoutMs = 15_000): Promise<RunAttempt> {
  return eventually(
    async () => {
      const [latest] = await listAttempts(api, flowId, '?limit=1');
      return latest?.lifecycle === 'running' && condition(latest) ? latest : undefined;
    },
    timeoutMs,
    `flow ${String(flowId)} to be running`,
  );
}
