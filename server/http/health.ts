import { Hono } from 'hono';
import { MESSAGES } from '@/api/messages';
import type { DatabaseWatch } from '../db/availability';
import type { Role } from '../role';
import { healthAnswer } from './database-gate';

/**
 * What a worker (FLOWDECK_ROLE=worker) answers on its port: `GET /health`, 200 while it reaches its
 * database, 503 otherwise, for a process manager or load balancer to watch. No dashboard, no /v2.
 */
export function healthApp(watch: DatabaseWatch, role: Role) {
  const app = new Hono();
  app.get('/health', (c) => healthAnswer(c, watch, role));
  app.all('*', (c) => c.json({ message: MESSAGES.notFound }, 404));
  return app;
}
