import { z } from 'zod';
import { callOperation } from './call-operation';
import type { CallOptions } from './client';
import { escapeLogFields, escapeLogText } from './log-escape';
import { dataOf, dateTimeSchema, listOf, nullableText, openEnum } from './common';

// Flowdeck's addition: the structured log of one run attempt (GET /v2/flows/{id}/run/{attemptId}/logs),
// read oldest first, page by page with an opaque cursor. Lines never carry a secret: the service scrubs
// them before they are stored.

export const LOG_LEVELS = ['debug', 'info', 'warn', 'error'] as const;
export const logLevelSchema = openEnum(LOG_LEVELS, 'lower');
export type LogLevel = z.infer<typeof logLevelSchema>;

/** The largest page of lines one request answers, and the size asked for when none is given. */
export const MAX_LOG_PAGE_LIMIT = 5000;
export const DEFAULT_LOG_PAGE_LIMIT = 1000;

const fieldValueSchema = z.union([z.string(), z.number(), z.boolean(), z.null()]);

/** Every text of a line is escaped as it arrives (log-escape.ts): what the view draws and a download saves is one line each. */
export const logLineSchema = z.object({
  at: dateTimeSchema.meta({ description: 'When it happened (ISO 8601).' }),
  level: logLevelSchema.meta({ description: 'debug, info, warn or error (an open set: an unknown level is shown as is).' }),
  event: z
    .string()
    .transform(escapeLogText)
    .meta({ description: 'What happened: run.started, resource.started, resource.progress, resource.finished, resource.failed, run.cancelled …' }),
  message: z.string().transform(escapeLogText),
  resource: nullableText
    .transform((value) => (value == null ? value : escapeLogText(value)))
    .meta({ description: 'The resource (table, endpoint) the line is about, or null.' }),
  fields: z
    .record(z.string(), fieldValueSchema)
    .nullish()
    .transform((value) => escapeLogFields(value ?? {}))
    .meta({ description: 'Counts, durations (ms) and the context of an error, by name.' }),
});
export type LogLine = z.infer<typeof logLineSchema>;

export const logPageSchema = z.object({
  lines: listOf(logLineSchema),
  next: z
    .string()
    .meta({ description: 'The cursor to ask for the lines after these (`after`); given even when there are none yet, to follow a running attempt.' }),
  more: z.boolean().meta({ description: 'More lines are stored after this page right now.' }),
});
export type LogPage = z.infer<typeof logPageSchema>;

export interface LogPageParams {
  /** The `next` cursor of the page before; absent: from the first line. */
  after?: string;
  limit?: number;
}

/** GET /v2/flows/{id}/run/{attemptId}/logs (Flowdeck's addition). */
export function listAttemptLogs(flowId: number, attemptId: number, params: LogPageParams = {}, options: CallOptions = {}): Promise<LogPage> {
  return callOperation(
    'listAttemptLogs',
    'GET /flows/{id}/run/{attemptId}/logs',
    { params: { id: flowId, attemptId }, query: { after: params.after, limit: params.limit }, schema: dataOf(logPageSchema) },
    options,
  );
}

/** Every line of an attempt, read page by page from the first (what a download saves). */
export async function readAllLogLines(flowId: number, attemptId: number, options: CallOptions = {}): Promise<LogLine[]> {
  const lines: LogLine[] = [];
  let after: string | undefined;
  for (;;) {
    const page = await listAttemptLogs(flowId, attemptId, { after, limit: MAX_LOG_PAGE_LIMIT }, options);
    lines.push(...page.lines);
    if (!page.more || page.lines.length === 0) return lines;
    after = page.next;
  }
}
