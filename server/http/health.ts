import { Hono } from 'hono';
import { MESSAGES } from '@/api/messages';
import type { Pool } from '../db/pool';
import type { Role } from '../role';

/**
 * What a worker (FLOWDECK_ROLE=worker) answers on its port: `GET /health`, 200 while it reaches its
 * database, 503 otherwise, for a process manager or load balancer to watch. No dashboard, no /v2.
 */
export function healthApp(db: Pool, role: Role) {
  const app = new Hono();
  app.get('/health', async (c) => {
    try {
      await db.query('SELECT 1');
      return c.json({ role, database: 'ok' });
    } catch {
      return c.json({ role, database: 'unreachable' }, 503);
    }
  });
  app.all('*', (c) => c.json({ message: MESSAGES.notFound }, 404));
  return app;
}
