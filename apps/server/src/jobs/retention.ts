import { and, isNotNull, lt, or } from 'drizzle-orm';
import { z } from 'zod';
import { authSessions } from '../auth/tables.js';
import type { Db } from '../db/client.js';
import { deleteOldHits } from '../http/rate-limit.js';
import { webhookReceipts } from '../telephony/tables.js';
import { enqueue, type RegisteredJob } from './job-queue.js';
import { jobs } from './tables.js';

export const JOB_RETENTION = 'retention';
/** How long finished jobs and webhook receipts are kept: carriers retry within hours. */
export const RETENTION_DAYS = 30;
const DAY_MS = 86_400_000;

/** A feature's part of the clean-up (`Feature.retention`), by the feature's name. */
export type FeatureRetention = { name: string; run: (db: Db, before: Date) => Promise<number> };

/**
 * Deletes finished (done or failed) jobs and webhook receipts older than the retention, and
 * rate-limit windows long over, so the tables do not grow forever; then each feature's own
 * part. Jobs still due or running are never touched.
 */
export async function deleteExpired(
  db: Db,
  now: Date,
  days = RETENTION_DAYS,
  features: readonly FeatureRetention[] = [],
) {
  const before = new Date(now.getTime() - days * DAY_MS);
  const oldJobs = await db
    .delete(jobs)
    .where(
      or(
        and(isNotNull(jobs.doneAt), lt(jobs.doneAt, before)),
        and(isNotNull(jobs.failedAt), lt(jobs.failedAt, before)),
      ),
    )
    .returning({ id: jobs.id });
  const oldReceipts = await db
    .delete(webhookReceipts)
    .where(lt(webhookReceipts.receivedAt, before))
    .returning({ token: webhookReceipts.token });
  // Rate-limit windows are a day at the longest: two days back is plenty.
  const rateLimitHits = await deleteOldHits(db, new Date(now.getTime() - 2 * DAY_MS));
  // Sessions that ended (expired or revoked) over the retention ago: nothing can reopen them.
  const endedSessions = await db
    .delete(authSessions)
    .where(or(lt(authSessions.expiresAt, before), lt(authSessions.revokedAt, before)))
    .returning({ id: authSessions.id });
  const byFeature: Record<string, number> = {};
  for (const feature of features) byFeature[feature.name] = await feature.run(db, before);
  return {
    jobs: oldJobs.length,
    webhookReceipts: oldReceipts.length,
    rateLimitHits,
    sessions: endedSessions.length,
    features: byFeature,
  };
}

export function retentionJob(
  db: Db,
  features: readonly FeatureRetention[] = [],
  clock: () => Date = () => new Date(),
): RegisteredJob {
  return {
    kind: JOB_RETENTION,
    payload: z.object({}),
    async run() {
      await deleteExpired(db, clock(), RETENTION_DAYS, features);
    },
  };
}

/**
 * Queues today's clean-up. Every instance calls it (at start and hourly); the day's dedupe key
 * makes it one job a day whichever instance gets there first.
 */
export async function scheduleRetention(db: Db, now: Date): Promise<void> {
  await enqueue(db, JOB_RETENTION, {}, `${JOB_RETENTION}:${now.toISOString().slice(0, 10)}`);
}
