import { AUTH_CHANNEL, type AuthService } from '../auth/auth.js';
import type { Database } from '../db/client.js';
import type { JobDeps } from '../features/feature.js';
import { startJobWorker } from '../jobs/job-queue.js';
import { retentionJob, scheduleRetention } from '../jobs/retention.js';
import { logger } from '../logging/logger.js';
import { EVENTS_CHANNEL, EventHub } from '../realtime/event-hub.js';
import { FEATURES } from './features.js';

const HOUR_MS = 3_600_000;

/**
 * What runs beside the HTTP server in every instance: the job worker (the jobs every feature
 * registers, and the platform's daily clean-up) and the LISTEN that feeds this instance's SSE
 * streams.
 */
export async function startRuntime(
  database: Database,
  {
    pollMs,
    auth,
    runSchedules = true,
    ...deps
  }: Omit<JobDeps, 'db' | 'allowLoopbackWebhooks'> & {
    allowLoopbackWebhooks?: boolean;
    pollMs?: number;
    /**
     * The features' timers (hold expiry, reminders…) tick at start and then every period. A
     * test world at a fixed date turns them off: the sweeps read the real clock, so they would
     * release that world's holds, which expire at its date, long past.
     */
    runSchedules?: boolean;
    /** Emptied whenever users, memberships, accounts or sessions change on any instance. */
    auth?: Pick<AuthService, 'invalidate'>;
  },
) {
  const hub = new EventHub();
  const unlisten = await database.listen(EVENTS_CHANNEL, (payload) => hub.receive(payload));
  const unlistenAuth = auth
    ? await database.listen(AUTH_CHANNEL, () => auth.invalidate())
    : async () => {};
  const jobDeps: JobDeps = {
    db: database.db,
    allowLoopbackWebhooks: false,
    ...deps,
  };
  const worker = startJobWorker(
    database.db,
    [
      ...FEATURES.flatMap((feature) => feature.jobs?.(jobDeps) ?? []),
      retentionJob(
        database.db,
        FEATURES.flatMap((f) => (f.retention ? [{ name: f.name, run: f.retention }] : [])),
      ),
    ],
    pollMs ? { pollMs } : {},
  );
  const schedule = () =>
    scheduleRetention(database.db, new Date())
      .then(() => worker.kick())
      .catch((error: unknown) => logger.warn({ err: error }, 'could not schedule the clean-up'));
  void schedule();
  const hourly = setInterval(schedule, HOUR_MS);
  hourly.unref();
  // The features' own timers (hold expiry…): each enqueues a deduplicated job and wakes the worker.
  const scheduled = runSchedules ? FEATURES.flatMap((f) => f.schedules?.(database.db) ?? []) : [];
  const timers = scheduled.map(({ everyMs, run }) => {
    const tick = () =>
      run(new Date())
        .then(() => worker.kick())
        .catch((error: unknown) => logger.warn({ err: error }, 'a scheduled job failed to queue'));
    void tick();
    const timer = setInterval(tick, everyMs);
    timer.unref();
    return timer;
  });
  return {
    hub,
    worker,
    async stop() {
      clearInterval(hourly);
      for (const timer of timers) clearInterval(timer);
      await worker.stop();
      await unlisten();
      await unlistenAuth();
    },
  };
}
