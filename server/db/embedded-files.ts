import { randomBytes } from 'node:crypto';
import { chmodSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

// The embedded database's two files in the data folder, both readable by their owner only:
// - postgres-secrets.json, generated once with the database: the superuser's name and random
//   password (for maintenance by hand) and the service role's password;
// - postgres-running.json, while a process runs the database: the service role's URL (which
//   `npm run keys` uses) and that process's id (which tells a crashed owner from a live one).

export interface DatabaseSecrets {
  superuser: string;
  superuserPassword: string;
  servicePassword: string;
}

export interface RunningDatabase {
  url: string;
  /** The process that started Postgres and is its parent while it lives. */
  pid: number;
}

const secretsFile = (dataDir: string) => join(dataDir, 'postgres-secrets.json');
const runningFile = (dataDir: string) => join(dataDir, 'postgres-running.json');

const randomPassword = () => randomBytes(32).toString('base64url');

function readJson(file: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(readFileSync(file, 'utf8'));
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

function writePrivate(file: string, value: object): void {
  writeFileSync(file, `${JSON.stringify(value, null, 2)}\n`, { mode: 0o600 });
  // `mode` applies to a new file only.
  chmodSync(file, 0o600);
}

/** New random passwords for a database about to be created (or upgraded, from the old fixed one). */
export function newSecrets(dataDir: string, superuser: string): DatabaseSecrets {
  const secrets = { superuser, superuserPassword: randomPassword(), servicePassword: randomPassword() };
  writePrivate(secretsFile(dataDir), secrets);
  return secrets;
}

export function readSecrets(dataDir: string): DatabaseSecrets | null {
  const value = readJson(secretsFile(dataDir));
  const { superuser, superuserPassword, servicePassword } = value ?? {};
  return typeof superuser === 'string' && typeof superuserPassword === 'string' && typeof servicePassword === 'string'
    ? { superuser, superuserPassword, servicePassword }
    : null;
}

export function writeRunning(dataDir: string, running: RunningDatabase): void {
  writePrivate(runningFile(dataDir), running);
}

export function readRunning(dataDir: string): RunningDatabase | null {
  const value = readJson(runningFile(dataDir));
  return typeof value?.url === 'string' && typeof value.pid === 'number' ? { url: value.url, pid: value.pid } : null;
}

export function removeRunning(dataDir: string): void {
  rmSync(runningFile(dataDir), { force: true });
}
