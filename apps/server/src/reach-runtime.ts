import type { Database } from './db/client.js';
import { messagingJobHandlers } from './features/messaging/jobs.js';
import { startJobWorker } from './jobs/job-queue.js';
import { EVENTS_CHANNEL, EventHub } from './realtime/event-hub.js';
import type { TwilioClient } from './telephony/twilio-client.js';

/**
 * What runs beside the HTTP server in every instance: the job worker (texts, forwards, Slack)
 * and the LISTEN that feeds this instance's SSE streams.
 */
export async function startReachRuntime(
  database: Database,
  {
    twilio,
    appUrl,
    allowLoopbackWebhooks = false,
    pollMs,
  }: { twilio: TwilioClient; appUrl: string; allowLoopbackWebhooks?: boolean; pollMs?: number },
) {
  const hub = new EventHub();
  const unlisten = await database.listen(EVENTS_CHANNEL, (payload) => hub.receive(payload));
  const worker = startJobWorker(
    database.db,
    messagingJobHandlers({ db: database.db, twilio, appUrl, allowLoopbackWebhooks }),
    pollMs ? { pollMs } : {},
  );
  return {
    hub,
    worker,
    async stop() {
      await worker.stop();
      await unlisten();
    },
  };
}
