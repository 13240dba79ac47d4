import { readConfig } from './config';
import { createLogger } from './logger';
import { startService } from './start';
import { DEMO_KEYS } from '@/service-rules/plans';
import { guardProcess } from './process-guards';
import { StartupError, startupMessage } from './startup-error';

// `npm start`: the dashboard and the /v2 service on one address, with an embedded Postgres
// (or DATABASE_URL) and demo data on the first start. FLOWDECK_UPSTREAM_URL: proxy mode.

const config = (() => {
  try {
    return readConfig();
  } catch (error) {
    process.stderr.write(`Flowdeck could not start: ${startupMessage(error)}\n`);
    process.exit(2);
  }
})();
const logger = createLogger(config.logLevel);
const guard = guardProcess(logger);

try {
  const service = await startService(config, logger);
  guard.onFatal(() => service.stop());
  const roleLine: Record<typeof config.role, string[]> = {
    all: [],
    web: ['  Role: web (serves the dashboard and /v2, queues runs; workers execute them)'],
    worker: ['  Role: worker (executes runs, discovery, checks and schedules; answers only /health)'],
  };
  const serves = config.role !== 'worker';
  const lines = [
    '',
    `Flowdeck is running at ${service.url}/`,
    ...roleLine[config.role],
    config.upstreamUrl
      ? `  Proxy mode: /v2 is forwarded to ${config.upstreamUrl}; sign in with a key of that service.`
      : `  Database: ${config.databaseUrl ? 'DATABASE_URL' : `embedded Postgres in ${config.dataDir}`}`,
    ...(config.upstreamUrl || !config.demo || !serves
      ? []
      : [`  Sign in with the API key: ${DEMO_KEYS.team}`, `  (${DEMO_KEYS.starter} signs in on the starter plan, which has no workflows.)`]),
    ...(service.firstSignInLink === null ? [] : [`  ${config.demo ? 'Or open' : 'Open'} this single-use sign-in link: ${service.firstSignInLink}`]),
    ...(serves ? ['  New keys: npm run keys -- create --plan team'] : []),
    'Press Ctrl+C to stop.',
    '',
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'stopping');
    service.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        logger.error({ err: String(error) }, 'stop failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => {
    stop('SIGINT');
  });
  process.on('SIGTERM', () => {
    stop('SIGTERM');
  });
} catch (error) {
  // One line for the user: the cause and the fix. The stack only in the debug log, for a bug.
  logger.debug({ err: error }, 'Flowdeck could not start');
  const hint = error instanceof StartupError ? '' : ' (run with LOG_LEVEL=debug for details)';
  process.stderr.write(`Flowdeck could not start: ${startupMessage(error)}${hint}\n`);
  process.exit(1);
}
