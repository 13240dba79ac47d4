import type { Pool } from '../db/pool';
import type { Logger } from '../logger';
import { insertLogLines, type LogFields, type LogLevel, type NewLogLine } from '../store/attempt-log-lines';
import { type Scrub, scrubFields, secretScrubber } from './log-scrub';

// The log of one run attempt as its runner writes it. Lines are buffered and written in batches (one
// INSERT at most every FLUSH_MS, or as soon as MAX_BATCH wait), so logging adds no round trip to a
// run's hot loop; flushes run one after another, so the lines keep their order. A failed write is
// reported to the service log and dropped: a log never fails the run it describes.

const FLUSH_MS = 200;
const MAX_BATCH = 1000;

export interface LineInput {
  resource?: string | null;
  fields?: LogFields;
}

export class AttemptLog {
  private buffer: NewLogLine[] = [];
  private writing: Promise<void> = Promise.resolve();
  private readonly timer: NodeJS.Timeout;
  private scrub: Scrub;

  constructor(
    private readonly db: Pool,
    private readonly attemptId: number,
    private readonly logger: Logger,
    secrets: readonly string[] = [],
  ) {
    this.scrub = secretScrubber(secrets);
    this.timer = setInterval(() => {
      void this.flush();
    }, FLUSH_MS);
    this.timer.unref();
  }

  /** More secret values to keep out (known once the source and destination are read). */
  withSecrets(secrets: readonly string[]): void {
    const before = this.scrub;
    const more = secretScrubber(secrets);
    this.scrub = (text) => more(before(text));
  }

  line(level: LogLevel, event: string, message: string, input: LineInput = {}): void {
    this.buffer.push({
      at: new Date(),
      level,
      event,
      message: this.scrub(message),
      resource: input.resource == null ? null : this.scrub(input.resource),
      fields: scrubFields(input.fields ?? {}, this.scrub),
    });
    if (this.buffer.length >= MAX_BATCH) void this.flush();
  }

  info(event: string, message: string, input?: LineInput): void {
    this.line('info', event, message, input);
  }
  warn(event: string, message: string, input?: LineInput): void {
    this.line('warn', event, message, input);
  }
  error(event: string, message: string, input?: LineInput): void {
    this.line('error', event, message, input);
  }

  /** Writes what is buffered (after any write under way); resolves once it is stored. */
  flush(): Promise<void> {
    const lines = this.buffer;
    this.buffer = [];
    this.writing = this.writing.then(async () => {
      if (lines.length === 0) return;
      try {
        await insertLogLines(this.db, this.attemptId, lines);
      } catch (error) {
        this.logger.warn({ attemptId: this.attemptId, lines: lines.length, err: (error as Error).message }, 'attempt log lines could not be written');
      }
    });
    return this.writing;
  }

  /** The last lines written; the log takes no more after. */
  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.flush();
  }
}

/** A line or two written outside a run (a cancel request, recovery), at once. */
export async function writeLogLines(db: Pool, logger: Logger, attemptId: number, write: (log: AttemptLog) => void): Promise<void> {
  const log = new AttemptLog(db, attemptId, logger);
  write(log);
  await log.close();
}
