import { afterEach, describe, expect, it, vi } from 'vitest';
import * as attemptLogs from '@/api/attempt-logs';
import * as alerts from '@/api/alerts';
import * as audit from '@/api/audit';
import * as cards from '@/api/cards';
import * as destinations from '@/api/destinations';
import * as flowState from '@/api/flow-state';
import * as flows from '@/api/flows';
import { type OperationName, OPERATIONS, routePattern } from '@/api/operations';
import * as resolvers from '@/api/resolvers';
import * as runs from '@/api/runs';
import * as settings from '@/api/settings';
import * as sources from '@/api/sources';
import * as specs from '@/api/specs';
import * as team from '@/api/team';
import * as timeline from '@/api/timeline';
import * as uploads from '@/api/uploads';
import * as webhooks from '@/api/webhooks';
import * as workflows from '@/api/workflows';
import { configureApi } from '@/api/api-session';
import { createMockService } from '@/mock-service/service';
import { createApiApp } from '../app';
import { openApiDocument } from '../openapi';
import type { Services } from '../services';

// One catalogue of operations (src/api/operations.ts), and every place that has operations holds to it:
// an operation in one of the service's routes, the catalogue, the client functions of src/api, the
// OpenAPI document or the mock service's handlers must be in all of them, at the same method and path.

const CATALOGUE = new Set(OPERATIONS.map((operation) => `${operation.method.toUpperCase()} ${routePattern(operation.path)}`));

/** Enough of the services to build the routes; nothing is called. */
const idleServices = {
  db: {},
  box: {},
  runs: {},
  logger: {},
  publicOrigin: () => 'http://localhost',
  filesDir: '/nowhere',
  uploadLimitBytes: 1,
  settings: {},
  verifyTimeoutMs: 1,
  profile: 'flowdeck',
} as unknown as Services;

describe('the operation catalogue', () => {
  it('names each operation once, at one method and path', () => {
    expect(new Set(OPERATIONS.map((operation) => operation.name)).size).toBe(OPERATIONS.length);
    expect(CATALOGUE.size).toBe(OPERATIONS.length);
  });

  it('is what the service routes: no route without an operation, no operation without a route', () => {
    const routes = createApiApp(idleServices)
      .routes.filter((route) => route.method !== 'ALL' && route.path !== '/openapi.json')
      .map((route) => `${route.method} ${route.path}`);
    expect(routes).toHaveLength(new Set(routes).size);
    expect(new Set(routes)).toEqual(CATALOGUE);
  });

  it('is what /v2/openapi.json describes', () => {
    const document = openApiDocument() as { paths: Record<string, Record<string, unknown>> };
    const described = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => `${method.toUpperCase()} ${routePattern(path.replace(/^\/v2/, ''))}`),
    );
    expect(new Set(described)).toEqual(CATALOGUE);
  });

  it('is what the mock service answers', () => {
    const handled = createMockService().handlers.map((handler) => {
      const { method, path } = handler.info as { method: string; path: string };
      return `${method} ${path.replace(/^\*\/v2/, '')}`;
    });
    expect(handled).toHaveLength(new Set(handled).size);
    expect(new Set(handled)).toEqual(CATALOGUE);
  });
});

// The type checker holds each client function's call to the table (its route, path parameters, body and
// reader: src/api/call-operation.ts). What it cannot see is which function makes the call: here every
// operation has a client function of its name, called with arguments its writer accepts, and that
// function sends its own operation's method and path.
type AnyCall = readonly [(...args: never[]) => Promise<unknown>, unknown[]];
const inFuture = '2999-01-01T00:00:00Z';
const CLIENT = {
  listSources: [sources.listSources, []],
  createSource: [sources.createSource, [{ sourceSpec: 'sample' }]],
  getSource: [sources.getSource, [1]],
  deleteSource: [sources.deleteSource, [1]],
  updateSource: [sources.updateSource, [1, {}]],
  verifySource: [sources.verifySource, [1]],
  createConfigurationCard: [cards.createConfigurationCard, [1, { expiresAt: inFuture }]],
  listConfigurationCards: [cards.listConfigurationCards, [1]],
  revokeConfigurationCard: [cards.revokeConfigurationCard, [1, 2]],
  getCardForRecipient: [cards.getCardForRecipient, ['hash']],
  submitCard: [cards.submitCard, ['hash', { properties: {} }]],
  verifyCard: [cards.verifyCard, ['hash', { properties: {} }]],
  uploadCardFile: [cards.uploadCardFile, ['hash', new File(['a,b'], 'a.csv')]],
  listCards: [cards.listCards, [{ state: 'open' }]],
  getSettings: [settings.getSettings, []],
  updateSettings: [settings.updateSettings, [{ organizationName: 'Acme' }]],
  uploadLogo: [settings.uploadLogo, [new Blob(['<svg xmlns="http://www.w3.org/2000/svg"/>'], { type: 'image/svg+xml' })]],
  getLogo: [settings.getLogo, []],
  getResolvers: [resolvers.getResolvers, [1]],
  updateResolvers: [resolvers.updateResolvers, [1, { resolvers: [{ name: 'orders', suppressed: true }] }]],
  discoverResolvers: [resolvers.discoverResolvers, [1]],
  listSourceSpecs: [specs.listSourceSpecs, []],
  listConnectors: [specs.listConnectors, []],
  getSourceSpec: [specs.getSourceSpec, ['sample']],
  listDestinationSpecs: [specs.listDestinationSpecs, []],
  listDestinations: [destinations.listDestinations, []],
  createDestination: [destinations.createDestination, [{ destinationSpec: 'files' }]],
  getDestination: [destinations.getDestination, [1]],
  deleteDestination: [destinations.deleteDestination, [1]],
  updateDestination: [destinations.updateDestination, [1, {}]],
  verifyDestination: [destinations.verifyDestination, [1]],
  listFlows: [flows.listFlows, []],
  getFlow: [flows.getFlow, [1]],
  createFlow: [flows.createFlow, [{ displayName: 'x', source: 1, destination: 1 }]],
  updateFlow: [flows.updateFlow, [1, {}]],
  deleteFlow: [flows.deleteFlow, [1]],
  runFlow: [flows.runFlow, [1]],
  listRunAttempts: [flows.listRunAttempts, [1]],
  getRunAttempt: [flows.getRunAttempt, [1, 2]],
  listAttemptLogs: [attemptLogs.listAttemptLogs, [1, 2]],
  cancelFlow: [flows.cancelFlow, [1]],
  getFlowStatus: [flows.getFlowStatus, [1]],
  listFlowStatuses: [flows.listFlowStatuses, [[1, 2]]],
  getFlowState: [flowState.getFlowState, [1]],
  resetFlowState: [flowState.resetFlowState, [1, 'orders']],
  resyncFlow: [flowState.resyncFlow, [1, { resources: ['orders'] }]],
  listWorkflows: [workflows.listWorkflows, []],
  createWorkflow: [workflows.createWorkflow, [{ name: 'x', definition: { flows: [1] } }]],
  updateWorkflow: [workflows.updateWorkflow, [1, {}]],
  deleteWorkflow: [workflows.deleteWorkflow, [1]],
  getWorkflowStatus: [workflows.getWorkflowStatus, [1]],
  listWorkflowRuns: [workflows.listWorkflowRuns, [1]],
  runWorkflow: [workflows.runWorkflow, [1]],
  rerunWorkflowRun: [workflows.rerunWorkflowRun, [1, 2]],
  listRuns: [runs.listRuns, [{ status: 'failed' }]],
  getRunChanges: [runs.getRunChanges, []],
  cancelWorkflow: [workflows.cancelWorkflow, [1]],
  listWebhookTriggers: [webhooks.listWebhookTriggers, [1]],
  createWebhookTrigger: [webhooks.createWebhookTrigger, [1, { provider: 'slack', eventType: 'message' }]],
  getWebhookTrigger: [webhooks.getWebhookTrigger, [1, 2]],
  deleteWebhookTrigger: [webhooks.deleteWebhookTrigger, [1, 2]],
  deliverWebhook: [webhooks.deliverWebhook, ['wh_x', {}]],
  listTimeline: [timeline.listTimeline, [{ from: '2026-01-01T00:00:00Z', to: '2026-01-02T00:00:00Z' }]],
  getUploadLimits: [uploads.getUploadLimits, []],
  uploadFile: [uploads.uploadFile, [new File(['a,b'], 'a.csv')]],
  listAlertChannels: [alerts.listAlertChannels, []],
  createAlertChannel: [alerts.createAlertChannel, [{ kind: 'slack', name: 'x', url: 'https://hooks.example.com/x' }]],
  getAlertChannel: [alerts.getAlertChannel, [1]],
  updateAlertChannel: [alerts.updateAlertChannel, [1, {}]],
  deleteAlertChannel: [alerts.deleteAlertChannel, [1]],
  sendTestAlert: [alerts.sendTestAlert, [1]],
  listAlertDeliveries: [alerts.listAlertDeliveries, [1]],
  getMe: [team.getMe, []],
  listUsers: [team.listUsers, []],
  createUser: [team.createUser, [{ email: 'ana@example.com', name: 'Ana', role: 'viewer' }]],
  updateUser: [team.updateUser, [1, { role: 'editor' }]],
  deleteUser: [team.deleteUser, [1]],
  resetUserPassword: [team.resetUserPassword, [1]],
  listKeys: [team.listKeys, []],
  createKey: [team.createKey, [{ name: 'ci', role: 'operator' }]],
  revokeKey: [team.revokeKey, [1]],
  listAudit: [audit.listAudit, [{ action: 'updateFlow' }]],
  getSignInMethods: [team.getSignInMethods, []],
  signIn: [team.signIn, [{ key: 'fd_x' }]],
  signOut: [team.signOut, []],
  signOutEverywhere: [team.signOutEverywhere, []],
  inspectLink: [team.inspectLink, ['token']],
  useLink: [team.useLink, [{ token: 'token', password: 'a long enough password' }]],
} as const satisfies Record<OperationName, AnyCall>;

/** Exported functions of src/api's resource modules that call no operation. */
const NOT_OPERATIONS = new Set([
  'cardStateAt',
  'cardStateChangedAt',
  'redirectAfterSubmit',
  'sendFile',
  'closedCardReason',
  'flowStatusOf',
  'safeUploadName',
  'readUploadAnswer',
  'UploadTooLargeError',
  'readAllLogLines',
]);

/** The method and path a call sends, through fetch or (uploads) XMLHttpRequest. */
async function requestOf([call, args]: AnyCall): Promise<string> {
  const sent: string[] = [];
  const record = (method: string, url: string) => sent.push(`${method} ${new URL(url, 'http://localhost').pathname}`);
  vi.stubGlobal('fetch', (url: string, init: RequestInit = {}) => {
    record(init.method ?? 'GET', url);
    return Promise.resolve(Response.json({}, { status: 404 }));
  });
  vi.stubGlobal(
    'XMLHttpRequest',
    class {
      upload = { addEventListener: () => undefined };
      private failed: (() => void) | undefined;
      open(method: string, url: string) {
        record(method, url);
      }
      setRequestHeader = () => undefined;
      addEventListener(type: string, listener: () => void) {
        if (type === 'error') this.failed = listener;
      }
      send() {
        this.failed?.();
      }
    },
  );
  await (call as (...values: unknown[]) => Promise<unknown>)(...args).catch(() => undefined);
  expect(sent).toHaveLength(1);
  return sent[0] ?? '';
}

describe('the client functions of src/api', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it.each(Object.entries(CLIENT))('%s is the function of that name and calls its operation', async (name, call) => {
    configureApi({ baseUrl: '', token: 'key' });
    const operation = OPERATIONS.find((candidate) => candidate.name === name);
    expect(call[0].name).toBe(name);
    const template = new RegExp(`^${operation?.method.toUpperCase() ?? ''} /v2${(operation?.path ?? '').replace(/\{\w+\}/g, '[^/]+')}$`);
    expect(await requestOf(call)).toMatch(template);
  });

  it('have no function that calls an operation the catalogue lacks', () => {
    const exported = [
      alerts,
      attemptLogs,
      cards,
      destinations,
      flowState,
      flows,
      resolvers,
      runs,
      settings,
      sources,
      specs,
      timeline,
      uploads,
      webhooks,
      workflows,
    ].flatMap((module) => Object.entries(module).flatMap(([name, value]) => (typeof value === 'function' ? [name] : [])));
    const operations = new Set<string>(Object.keys(CLIENT));
    expect(exported.filter((name) => !operations.has(name) && !NOT_OPERATIONS.has(name))).toEqual([]);
  });
});
