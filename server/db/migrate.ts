import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type pg from 'pg';
import type { Logger } from '../logger';
import { MIGRATION_LOCK, withSessionLock } from './advisory-locks';

const MIGRATIONS_DIR = join(import.meta.dirname, 'migrations');

/** Applies the numbered SQL files not applied yet, each in its own transaction. */
export function migrate(pool: pg.Pool, logger: Logger): Promise<string[]> {
  return withSessionLock(pool, MIGRATION_LOCK, async (client) => {
    await client.query('CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())');
    const applied = new Set((await client.query<{ name: string }>('SELECT name FROM schema_migrations')).rows.map((row) => row.name));
    const pending = readdirSync(MIGRATIONS_DIR)
      .filter((name) => name.endsWith('.sql') && !applied.has(name))
      .sort();
    for (const name of pending) {
      await client.query('BEGIN');
      // A migration of a large table may take longer than the pool's statement bound.
      await client.query('SET LOCAL statement_timeout = 0');
      try {
        await client.query(readFileSync(join(MIGRATIONS_DIR, name), 'utf8'));
        await client.query('INSERT INTO schema_migrations (name) VALUES ($1)', [name]);
        await client.query('COMMIT');
        logger.info({ migration: name }, 'migration applied');
      } catch (error) {
        await client.query('ROLLBACK');
        throw error;
      }
    }
    return pending;
  });
}
