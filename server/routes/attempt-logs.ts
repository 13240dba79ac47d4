import { NotFound } from '@/service-rules/errors';
import { encodeLogCursor } from '@/service-rules/log-page';
import { iso } from '@/service-rules/wire';
import type { Handlers } from '../http/operations';
import type { Services } from '../services';
import { listLogLines } from '../store/attempt-log-lines';
import { findAttempt } from '../store/attempts';
import { findFlow } from '../store/flows';

// The log of one attempt (Flowdeck's addition), a page at a time. The cursor is the last line's id,
// wrapped so clients treat it as opaque; an empty page hands the same cursor back, to poll with.

export function attemptLogHandlers({ db }: Services) {
  return {
    listAttemptLogs: async ({ params, query: page }) => {
      const { id: flowId, attemptId } = params;
      const flow = await findFlow(db, flowId);
      const attempt = flow ? await findAttempt(db, attemptId) : undefined;
      if (attempt?.flow_id !== flowId) throw new NotFound();
      const { lines, more } = await listLogLines(db, attemptId, page.after, page.limit);
      const last = lines.at(-1);
      return {
        data: {
          lines: lines.map((line) => ({
            at: iso(line.at),
            level: line.level,
            event: line.event,
            message: line.message,
            resource: line.resource,
            fields: line.fields,
          })),
          next: encodeLogCursor(last ? last.id : page.after),
          more,
        },
      };
    },
  } satisfies Partial<Handlers>;
}
