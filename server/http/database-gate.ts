import type { Context, MiddlewareHandler } from 'hono';
import { MESSAGES } from '@/api/messages';
import type { DatabaseWatch } from '../db/availability';
import type { Role } from '../role';

// While the service's database does not answer (db/availability.ts), /v2 answers 503 at once rather than
// 500 or a request that hangs; a request already waiting on it when it stops answering gets the same.

export const databaseUnavailable = (c: Context) => c.json({ message: MESSAGES.databaseUnavailable }, 503, { 'Retry-After': '5' });

export function databaseGate(watch: DatabaseWatch): MiddlewareHandler {
  return async (c, next) => {
    if (!watch.isUp()) return databaseUnavailable(c);
    const handled = next().then(() => 'answered' as const);
    // Should the database stop answering first, this request is answered now and its handler left to fail.
    handled.catch(() => undefined);
    const outcome = await Promise.race([handled, watch.wentDown().then(() => 'down' as const)]);
    if (outcome === 'down') return databaseUnavailable(c);
  };
}

/** `GET /health`: 200 while the database answers, 503 otherwise, for a process manager or load balancer. */
export function healthAnswer(c: Context, watch: DatabaseWatch, role: Role) {
  return watch.isUp() ? c.json({ role, database: 'ok' }) : c.json({ role, database: 'unreachable', message: MESSAGES.databaseUnavailable }, 503);
}
