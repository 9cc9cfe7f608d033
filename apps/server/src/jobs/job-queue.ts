import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../db/client.js';
import { logger, scrubText } from '../logging/logger.js';
import { jobs } from './tables.js';

/** A transaction or the database itself: jobs are enqueued inside the change's transaction. */
export type Executor = Pick<Db, 'insert' | 'execute'>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export type JobContext = { jobId: string; attempt: number; createdAt: Date };

/** A kind of job the worker runs: its payload is parsed with the schema before it runs. */
export type RegisteredJob = {
  kind: string;
  payload: {
    safeParse(
      value: unknown,
    ): { success: true; data: unknown } | { success: false; error: { message: string } };
  };
  run: (payload: never, context: JobContext) => Promise<void>;
};

/** A failure that retrying cannot fix (a rejected number, a refused URL): the job stops. */
export class PermanentJobError extends Error {}

export const MAX_BACKOFF_MS = 5 * 60 * 1000;

/** 1 s, 2 s, 4 s … up to five minutes, with up to 20% jitter so retries spread out. */
export function backoffMs(attempt: number, random = Math.random): number {
  const base = Math.min(MAX_BACKOFF_MS, 1000 * 2 ** Math.max(0, attempt - 1));
  return Math.round(base * (1 + 0.2 * random()));
}

/** Queues a job once per dedupe key; a repeat of the same effect is a no-op. */
export async function enqueue(
  db: Executor,
  kind: string,
  payload: Record<string, unknown>,
  dedupeKey: string,
  options: { maxAttempts?: number } = {},
): Promise<void> {
  await db
    .insert(jobs)
    .values({
      kind,
      payload,
      dedupeKey,
      ...(options.maxAttempts ? { maxAttempts: options.maxAttempts } : {}),
    })
    .onConflictDoNothing({ target: jobs.dedupeKey });
}

type ClaimedJob = {
  id: string;
  kind: string;
  payload: Record<string, unknown>;
  attempts: number;
  max_attempts: number;
  created_at: string | Date;
};

export type JobWorker = { kick(): void; stop(): Promise<void> };

/**
 * Runs due jobs: claims them with FOR UPDATE SKIP LOCKED (so several instances share the work
 * and never take the same job), runs each, and records done, a retry with backoff, or a
 * failure. A claimed job whose instance dies is claimed again once its lock expires.
 *
 * Up to `batch` jobs run at once, and a free slot is filled as soon as it frees: a slow job
 * (a carrier that takes its time) never holds up the jobs queued behind it.
 */
export function startJobWorker(
  db: Db,
  registered: readonly RegisteredJob[],
  {
    pollMs = 250,
    batch = 10,
    lockMs = 30_000,
  }: { pollMs?: number; batch?: number; lockMs?: number } = {},
): JobWorker {
  const byKind = new Map(registered.map((job) => [job.kind, job]));
  let stopped = false;
  let running: Promise<void> | null = null;
  let timer: NodeJS.Timeout | null = null;
  let again = false;
  const inFlight = new Set<Promise<void>>();

  async function claim(limit: number): Promise<ClaimedJob[]> {
    return queryRows<ClaimedJob>(
      db,
      sql`with due as (
            select id from ${jobs}
            where done_at is null and failed_at is null and run_at <= now()
              and (locked_until is null or locked_until < now())
            order by run_at limit ${limit}
            for update skip locked)
          update ${jobs} j set locked_until = now() + ${`${lockMs} milliseconds`}::interval, attempts = j.attempts + 1
          from due where j.id = due.id
          returning j.id, j.kind, j.payload, j.attempts, j.max_attempts, j.created_at`,
    );
  }

  async function runOne(job: ClaimedJob) {
    const definition = byKind.get(job.kind);
    try {
      if (!definition) throw new PermanentJobError(`no handler for job kind ${job.kind}`);
      const payload = definition.payload.safeParse(job.payload);
      if (!payload.success) {
        throw new PermanentJobError(`bad ${job.kind} payload: ${payload.error.message}`);
      }
      await (definition.run as (p: unknown, c: JobContext) => Promise<void>)(payload.data, {
        jobId: job.id,
        attempt: job.attempts,
        createdAt: new Date(job.created_at),
      });
      await db.execute(
        sql`update ${jobs} set done_at = now(), locked_until = null, last_error = null where id = ${job.id}`,
      );
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const permanent = error instanceof PermanentJobError || job.attempts >= job.max_attempts;
      if (permanent) {
        logger.warn(
          { job: job.id, kind: job.kind },
          `job ${job.kind} ${job.id} failed for good: ${scrubText(message)}`,
        );
        await db.execute(
          sql`update ${jobs} set failed_at = now(), locked_until = null, last_error = ${message} where id = ${job.id}`,
        );
      } else {
        const delay = `${backoffMs(job.attempts)} milliseconds`;
        await db.execute(
          sql`update ${jobs} set run_at = now() + ${delay}::interval, locked_until = null, last_error = ${message} where id = ${job.id}`,
        );
      }
    }
  }

  /** Starts a job in a free slot; when it ends, the slot is offered to the next due job. */
  function start(job: ClaimedJob) {
    const run: Promise<void> = runOne(job)
      .catch((error: unknown) => {
        // Its outcome could not be recorded: its lock runs out and it is claimed again.
        logger.warn({ err: error, job: job.id }, 'job worker: could not record a job');
      })
      .finally(() => {
        inFlight.delete(run);
        schedule(0);
      });
    inFlight.add(run);
  }

  /** Fills the free slots with due jobs; true when it started any. */
  async function tick(): Promise<boolean> {
    let started = false;
    do {
      again = false;
      const free = batch - inFlight.size;
      if (free <= 0 || stopped) break;
      const claimed = await claim(free).catch((error: unknown) => {
        // The database may be briefly away; the next tick tries again.
        logger.warn({ err: error }, 'job worker: could not claim jobs');
        return [];
      });
      for (const job of claimed) start(job);
      if (claimed.length > 0) started = true;
      if (claimed.length === free) again = true;
    } while (again && !stopped);
    return started;
  }

  function schedule(delay: number) {
    if (stopped) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = null;
      if (running) {
        again = true;
        return;
      }
      running = tick().then(
        () => undefined,
        (error: unknown) => logger.warn({ err: error }, 'job worker: a tick failed'),
      );
      void running.finally(() => {
        running = null;
        schedule(pollMs);
      });
    }, delay);
  }
  schedule(0);

  return {
    kick: () => schedule(0),
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
      await Promise.all(inFlight);
    },
  };
}
