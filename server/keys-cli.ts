import { readConfig } from './config';
import { runningEmbeddedUrl, startEmbeddedPostgres } from './db/embedded';
import { migrate } from './db/migrate';
import { createPool } from './db/pool';
import { createLogger } from './logger';
import { isUserRole, USER_ROLES } from '@/api/roles';
import { isPlan, PLANS } from '@/service-rules/plans';
import { startupMessage } from './startup-error';
import { insertKey, newApiKey } from './store/api-keys';

// npm run keys -- create --plan <plan> [--role <role>] [--name <text>]: prints a new service key (shown
// once; only its hash is stored), admin unless --role says otherwise. Uses DATABASE_URL or the embedded
// database in FLOWDECK_DATA_DIR (.flowdeck). --label is the older name of --name.

const USAGE = `Usage: npm run keys -- create --plan <${Object.keys(PLANS).join('|')}> [--role <${USER_ROLES.join('|')}>] [--name <text>]`;

function option(args: string[], name: string): string | undefined {
  const index = args.indexOf(`--${name}`);
  return index === -1 ? undefined : args[index + 1];
}

const args = process.argv.slice(2);
const plan = option(args, 'plan') ?? '';
const role = option(args, 'role') ?? 'admin';
if (args[0] !== 'create' || !isPlan(plan) || !isUserRole(role)) {
  process.stderr.write(`${USAGE}\n`);
  process.exit(2);
}

try {
  const config = readConfig();
  const logger = createLogger('warn');
  // The running service's database (as its own role), or the data folder's, started for this call.
  const running = config.databaseUrl ?? runningEmbeddedUrl(config.dataDir);
  const embedded = running ? null : await startEmbeddedPostgres(config.dataDir, logger);
  const pool = createPool(running ?? (embedded as { url: string }).url);
  try {
    await migrate(pool, logger);
    const key = newApiKey();
    await insertKey(pool, key, { plan, label: option(args, 'name') ?? option(args, 'label') ?? null, role });
    process.stdout.write(`${key}\n`);
  } finally {
    await pool.end();
    await embedded?.stop();
  }
} catch (error) {
  process.stderr.write(`No key was created: ${startupMessage(error)}\n`);
  process.exit(1);
}
