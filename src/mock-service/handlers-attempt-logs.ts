import type { HttpHandler } from 'msw';
import { NotFound } from '@/service-rules/errors';
import { encodeLogCursor } from '@/service-rules/log-page';
import { iso } from '@/service-rules/wire';
import { attemptLogAt } from './attempt-logs';
import { dataResponse } from './responses';
import { type MockContext, route } from './route';

// An attempt's log, paged as the service pages it; the cursor is a position in the attempt's lines.

export function attemptLogHandlers(context: MockContext): HttpHandler[] {
  const { db } = context;
  return [
    route(context, 'listAttemptLogs', ({ params: { id: flowId, attemptId }, query: { after, limit } }) => {
      const run = db.flow(flowId) ? db.state.flowRuns.find((candidate) => candidate.id === attemptId && candidate.flow === flowId) : undefined;
      if (!run) throw new NotFound();
      const written = attemptLogAt(run, db.now());
      const lines = written.slice(after, after + limit);
      return dataResponse({
        lines: lines.map((line) => ({ ...line, at: iso(line.at) })),
        next: encodeLogCursor(after + lines.length),
        more: after + lines.length < written.length,
      });
    }),
  ];
}
