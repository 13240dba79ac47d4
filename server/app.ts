import { Hono, type MiddlewareHandler } from 'hono';
import { MESSAGES } from '@/api/messages';
import { type Operation, OPERATIONS, routePattern } from '@/api/operations';
import { type Authenticator, createAuthenticator, requireSignIn, type AuthVariables } from './http/auth';
import { limitBodies } from './http/body-limit';
import { boundBodies, DEFAULT_BODY_TIMEOUT_MS } from './http/body-timeout';
import { databaseGate, healthAnswer } from './http/database-gate';
import type { DatabaseWatch } from './db/availability';
import type { Role } from './role';
import { compressJson } from './http/compression';
import { browserHeaders } from './http/browser-headers';
import { loggablePath, onError } from './http/errors';
import { createGuessThrottle, throttleGuesses } from './http/guess-throttle';
import { hostedOperationsOnly } from './http/hosted-operations';
import { type Handlers, registerOperations } from './http/operations';
import { dashboardApp } from './http/static-assets';
import { forward, forwardedHandlers, type UpstreamTarget } from './http/forward';
import type { Logger } from './logger';
import { openApiDocument } from './openapi';
import { attemptLogHandlers } from './routes/attempt-logs';
import { auditHandlers } from './routes/audit';
import { alertHandlers } from './routes/alerts';
import { recipientCardHandlers, sourceCardHandlers } from './routes/cards';
import { destinationHandlers } from './routes/destinations';
import { flowStateHandlers } from './routes/flow-state';
import { flowStatusHandlers } from './routes/flow-statuses';
import { flowHandlers } from './routes/flows';
import { sourceHandlers } from './routes/sources';
import { settingsHandlers } from './routes/settings';
import { specHandlers } from './routes/specs';
import { runHandlers } from './routes/runs';
import { timelineHandlers } from './routes/timeline';
import { uploadHandlers } from './routes/uploads';
import { webhookReceiverHandlers } from './routes/webhook-receiver';
import { webhookHandlers } from './routes/webhooks';
import { workflowHandlers } from './routes/workflows';
import { teamKeyHandlers } from './routes/team-keys';
import { teamSignInHandlers } from './routes/team-sign-in';
import { teamUserHandlers } from './routes/team-users';
import type { Services } from './services';
import { ssoRoutes } from './auth/sso-sign-in';

/** Every operation's route body; the type says when one is missing. */
function handlersOf(services: Services, auth: Authenticator): Handlers {
  return {
    ...sourceHandlers(services),
    ...sourceCardHandlers(services),
    ...recipientCardHandlers(services),
    ...specHandlers(),
    ...destinationHandlers(services),
    ...flowHandlers(services),
    ...flowStatusHandlers(services),
    ...flowStateHandlers(services),
    ...attemptLogHandlers(services),
    ...workflowHandlers(services),
    ...timelineHandlers(services),
    ...runHandlers(services),
    ...webhookHandlers(services),
    ...webhookReceiverHandlers(services),
    ...alertHandlers(services),
    ...uploadHandlers(services),
    ...settingsHandlers(services),
    ...teamSignInHandlers(services, auth),
    ...teamUserHandlers(services, auth),
    ...teamKeyHandlers(services, auth),
    ...auditHandlers(services),
  };
}

/** The /v2 interface: the public card, webhook and sign-in endpoints first, then everything behind a key or a session. */
export function createApiApp(services: Services) {
  const api = new Hono<{ Variables: AuthVariables }>();
  const auth = createAuthenticator(services.db, services.logger);
  const handlers = services.upstream ? forwardedHandlers(handlersOf(services, auth), services.upstream) : handlersOf(services, auth);
  if (services.profile === 'hosted') api.use('*', hostedOperationsOnly());
  api.get('/openapi.json', (c) => c.json(openApiDocument()));
  // An unknown card hash is a miss (404); a used, revoked or expired card (410) was a real link.
  api.use(
    '/cards/*',
    throttleGuesses(createGuessThrottle(), (status) => status === 404),
  );
  registerOperations(api, handlers, (operation) => operation.access !== 'key', services);
  if (services.oidc) api.route('/auth/oidc', ssoRoutes(services, services.oidc));

  api.use('*', requireSignIn(services, auth));
  registerOperations(api, handlers, (operation) => operation.access === 'key', services);
  return api;
}

export interface AppOptions {
  services: Services | null;
  staticDir: string | null;
  serveSourceMaps?: boolean;
  /** Largest JSON body accepted on /v2 (uploads excepted). */
  bodyLimitBytes: number;
  /** How long a JSON body on /v2 may take to arrive (uploads excepted; 30 s by default). */
  bodyTimeoutMs?: number;
  /** Plain proxy mode: forward /v2 to this service as it came, instead of serving it (a team's proxy is `services.upstream`). */
  upstream: UpstreamTarget | null;
  /** Whether the service's database answers (local mode): /v2 answers 503 while it does not, and /health says so. */
  database?: { watch: DatabaseWatch; role: Role };
  logger: Logger;
}

/**
 * A body the route never read (an answer decided before it, such as 401, 404 or 410) is drained by the
 * Node adapter for at most 500 ms and then its socket is dropped: the client is told not to send on
 * this connection again, or its next request would find it closed.
 */
const closeWhenBodyUnread: MiddlewareHandler = async (c, next) => {
  await next();
  if (c.req.raw.body && !c.req.raw.bodyUsed) c.res.headers.set('Connection', 'close');
};

/** Bodies that are files, with limits of their own: the dashboard's uploads and a card recipient's. */
const isUpload = (path: string) => path === '/v2/uploads' || path.startsWith('/v2/uploads/') || /^\/v2\/cards\/[^/]+\/uploads\/?$/.test(path);

export function createApp({
  services,
  staticDir,
  serveSourceMaps = false,
  bodyLimitBytes,
  bodyTimeoutMs = DEFAULT_BODY_TIMEOUT_MS,
  upstream,
  database,
  logger,
}: AppOptions) {
  const app = new Hono();
  app.onError(onError(logger));
  app.use('*', async (c, next) => {
    const started = performance.now();
    await next();
    logger.info({ method: c.req.method, path: loggablePath(c.req.path), status: c.res.status, ms: Math.round(performance.now() - started) }, 'request');
  });
  app.use('*', browserHeaders());
  if (database) {
    app.get('/health', (c) => healthAnswer(c, database.watch, database.role));
    app.use('/v2/*', databaseGate(database.watch));
  }
  app.use('/v2/*', compressJson());
  app.use('/v2/*', closeWhenBodyUnread);
  app.use('/v2/*', boundBodies(bodyTimeoutMs, isUpload));
  app.use('/v2/*', limitBodies(bodyLimitBytes, isUpload));
  if (upstream) {
    // Without the upstream's key there are no people here: one signs in with a key of the upstream.
    for (const operation of OPERATIONS as readonly Operation[])
      if (operation.local) app.on(operation.method.toUpperCase(), `/v2${routePattern(operation.path)}`, (c) => c.json({ message: MESSAGES.notFound }, 404));
    app.all('/v2/*', (c) => forward(c.req.raw, upstream));
  } else if (services) {
    const api = createApiApp(services);
    api.onError(onError(logger));
    app.route('/v2', api);
  }
  app.all('/v2/*', (c) => c.json({ message: MESSAGES.notFound }, 404));
  if (staticDir) app.route('/', dashboardApp(staticDir, serveSourceMaps));
  app.notFound((c) => c.json({ message: MESSAGES.notFound }, 404));
  return app;
}
