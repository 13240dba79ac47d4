// The floor of `npm run bench:api`: the least a server can do to answer GET /v2/flows with the bytes
// Flowdeck answers. Bare node:http and one pg query per request (the page of flows with what freshness
// needs of their runs); no framework, no API key check, no logging, no headers beyond the type. The
// freshness state is the shared rule's (it is part of the answer, and a copy of it here could drift).
// Runs in its own process: DATABASE_URL (the database the service uses) and PORT from the environment.
import { createServer } from 'node:http';
import pg from 'pg';
import { MESSAGES } from '@/api/messages';
import { freshnessOf } from '@/service-rules/freshness';

interface Row {
  id: number;
  display_name: string;
  source_id: number;
  destination_id: number;
  frequency: string | null;
  cron: string | null;
  paused: boolean;
  created_at: Date;
  latest_at: Date | null;
  latest_running: boolean | null;
  last_outcome: string | null;
}

const SQL = `
  SELECT f.id, f.display_name, f.source_id, f.destination_id, f.frequency, f.cron, f.paused, f.created_at,
         latest.created_at AS latest_at, latest.lifecycle <> 'not_running' AS latest_running, outcome.disposition AS last_outcome
    FROM (SELECT * FROM flows ORDER BY id LIMIT $1 OFFSET $2) f
    LEFT JOIN LATERAL (SELECT created_at, lifecycle FROM run_attempts r WHERE r.flow_id = f.id ORDER BY created_at DESC, id DESC LIMIT 1) latest ON true
    LEFT JOIN LATERAL (
      SELECT disposition FROM run_attempts r
       WHERE r.flow_id = f.id AND r.lifecycle = 'not_running' AND r.disposition IN ('succeeded', 'failed') AND NOT (r.errors ? $3)
       ORDER BY created_at DESC, id DESC LIMIT 1
    ) outcome ON true
   ORDER BY f.id`;

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 20 });

function wire(row: Row, now: number) {
  const schedule = row.cron ? { cron: row.cron } : { frequency: row.frequency ?? 'manual' };
  const freshness = freshnessOf({
    schedule: { frequency: row.frequency, cron: row.cron },
    paused: row.paused,
    latest: row.latest_at ? { startedAt: row.latest_at.getTime(), running: row.latest_running === true } : null,
    lastOutcome: row.last_outcome === 'succeeded' || row.last_outcome === 'failed' ? row.last_outcome : null,
    createdAt: row.created_at.getTime(),
    now,
  }).state;
  return { id: row.id, displayName: row.display_name, source: row.source_id, destination: row.destination_id, ...schedule, paused: row.paused, freshness };
}

const server = createServer((request, response) => {
  const url = new URL(request.url ?? '/', 'http://floor');
  if (request.method !== 'GET' || url.pathname !== '/v2/flows') {
    response.writeHead(404).end();
    return;
  }
  const limit = Number(url.searchParams.get('limit') ?? 100);
  const offset = Number(url.searchParams.get('offset') ?? 0);
  pool.query<Row>(SQL, [limit, offset, MESSAGES.cancelledByUser]).then(
    ({ rows }) => {
      const now = Date.now();
      response.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ data: rows.map((row) => wire(row, now)) }));
    },
    (error: unknown) => {
      response.writeHead(500).end(String(error));
    },
  );
});

server.listen(Number(process.env.PORT), '127.0.0.1');
process.on('SIGTERM', () => {
  server.close();
  void pool.end();
});
