import { readConfig } from './config';
import { createLogger } from './logger';
import { startService } from './start';
import { DEMO_KEYS } from './demo/seed';

// `npm start`: the dashboard and the /v2 service on one address, with an embedded Postgres
// (or DATABASE_URL) and demo data on the first start. FLOWDECK_UPSTREAM_URL: proxy mode.

const config = readConfig();
const logger = createLogger(config.logLevel);

try {
  const service = await startService(config, logger);
  const lines = [
    '',
    `Flowdeck is running at ${service.url}/`,
    config.upstreamUrl
      ? `  Proxy mode: /v2 is forwarded to ${config.upstreamUrl}; sign in with a key of that service.`
      : `  Database: ${config.databaseUrl ? 'DATABASE_URL' : `embedded Postgres in ${config.dataDir}`}`,
    ...(config.upstreamUrl || !config.demo
      ? []
      : [`  Sign in with the API key: ${DEMO_KEYS.team}`, `  (${DEMO_KEYS.starter} signs in on the starter plan, which has no workflows.)`]),
    '  New keys: npm run keys -- create --plan team',
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
  process.on('SIGINT', () => { stop('SIGINT'); });
  process.on('SIGTERM', () => { stop('SIGTERM'); });
} catch (error) {
  logger.fatal({ err: { message: (error as Error).message, stack: (error as Error).stack } }, 'Flowdeck could not start');
  process.stderr.write(`Flowdeck could not start: ${(error as Error).message}\n`);
  process.exit(1);
}
