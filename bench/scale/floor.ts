import PgBoss from 'pg-boss';

// The floor of the scale bench: the bare job queue (pg-boss, as the service configures it: 4 workers
// per instance polling every 0.5 s, no retry) on the same database, each job waiting as long as a
// bench run's source is paced to take. What a run costs beyond this is Flowdeck's own work.

const QUEUE = 'bench-floor';
const WORKERS_PER_INSTANCE = 4;

export interface Sample {
  /** Milliseconds from queueing to the start of each job. */
  latencies: number[];
  /** Jobs or runs per minute, from the first queued to the last finished. */
  perMinute: number;
}

const sleep = (ms: number) => new Promise((resolveSleep) => setTimeout(resolveSleep, ms));

/** `instances` bare worker instances run `jobs` jobs of `workMs` each, queued all at once (`spacingMs` 0) or one every `spacingMs`. */
export async function measureFloor(databaseUrl: string, instances: number, jobs: number, workMs: number, spacingMs: number): Promise<Sample> {
  const sender = new PgBoss({ connectionString: databaseUrl, schema: 'pgboss', max: 4 });
  const workers = Array.from({ length: instances }, () => new PgBoss({ connectionString: databaseUrl, schema: 'pgboss', max: 4 }));
  const latencies: number[] = [];
  let lastDone = 0;
  let allDone: () => void = () => undefined;
  const done = new Promise<void>((resolveDone) => {
    allDone = resolveDone;
  });
  try {
    await sender.start();
    await sender.createQueue(QUEUE, { name: QUEUE, retryLimit: 0, expireInHours: 23 });
    for (const boss of workers) {
      await boss.start();
      for (let i = 0; i < WORKERS_PER_INSTANCE; i += 1) {
        await boss.work<{ sentAt: number }>(QUEUE, { pollingIntervalSeconds: 0.5 }, async ([job]) => {
          if (!job) return;
          latencies.push(Date.now() - job.data.sentAt);
          await sleep(workMs);
          lastDone = Date.now();
          if (latencies.length === jobs) allDone();
        });
      }
    }
    const firstSent = Date.now();
    for (let sent = 0; sent < jobs; sent += 1) {
      await sender.send(QUEUE, { sentAt: Date.now() });
      if (spacingMs > 0) await sleep(spacingMs);
    }
    let timer: NodeJS.Timeout | undefined;
    const limit = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        reject(new Error('The floor jobs did not finish within 5 minutes.'));
      }, 300_000);
    });
    await Promise.race([done, limit]).finally(() => {
      clearTimeout(timer);
    });
    return { latencies, perMinute: (jobs / (lastDone - firstSent)) * 60_000 };
  } finally {
    await Promise.all([sender, ...workers].map((boss) => boss.stop({ graceful: false, wait: true }).catch(() => undefined)));
  }
}
