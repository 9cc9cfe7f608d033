import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { enqueue } from '../../jobs/job-queue.js';
import type { TwilioClient } from '../../telephony/twilio-client.js';
import { defineJob, type JobDeps } from '../feature.js';
import { callRecordings, calls } from './tables.js';

export const JOB_STORE_VOICEMAIL = 'store-voicemail';
const RECORDING_MAX_BYTES = 20 * 1024 * 1024;

/** The carrier's copy of a recording, fetched with the account's credentials. */
export async function fetchRecording(
  twilio: Pick<TwilioClient, 'username' | 'password'>,
  url: string,
): Promise<{ contentType: string; audio: Buffer } | { missing: true } | null> {
  let response: Response;
  try {
    response = await fetch(`${url}.wav`, {
      headers: {
        authorization: `Basic ${Buffer.from(`${twilio.username}:${twilio.password}`).toString('base64')}`,
      },
      signal: AbortSignal.timeout(15_000),
    });
  } catch {
    return null;
  }
  if (response.status === 404) return { missing: true };
  if (!response.ok) return null;
  const audio = Buffer.from(await response.arrayBuffer());
  if (audio.length === 0 || audio.length > RECORDING_MAX_BYTES) return null;
  return { contentType: response.headers.get('content-type') ?? 'audio/wav', audio };
}

/** Keeps the recording where the rest of the data lives (once, whoever stores it first). */
export async function keepRecording(
  db: Db,
  call: { id: string; accountId: string },
  recording: { contentType: string; audio: Buffer },
) {
  await db
    .insert(callRecordings)
    .values({ callId: call.id, accountId: call.accountId, ...recording })
    .onConflictDoNothing({ target: callRecordings.callId });
}

export async function storedRecording(db: Db, accountId: string, callId: string) {
  const [row] = await db
    .select({ contentType: callRecordings.contentType, audio: callRecordings.audio })
    .from(callRecordings)
    .where(and(eq(callRecordings.accountId, accountId), eq(callRecordings.callId, callId)));
  return row ?? null;
}

/** Queued when the carrier says a voicemail is ready: copy it here (retried with backoff). */
export function enqueueStoreVoicemail(db: Db, callSid: string, recordingSid: string) {
  return enqueue(db, JOB_STORE_VOICEMAIL, { callSid }, `${JOB_STORE_VOICEMAIL}:${recordingSid}`);
}

const payload = z.object({ callSid: z.string().min(1) });

export function recordingJobs({ db, twilio }: JobDeps) {
  return [
    defineJob({
      kind: JOB_STORE_VOICEMAIL,
      payload,
      async run({ callSid }) {
        const [call] = await db
          .select({ id: calls.id, accountId: calls.accountId, url: calls.voicemailUrl })
          .from(calls)
          .where(eq(calls.callSid, callSid));
        if (!call?.url) return;
        const fetched = await fetchRecording(twilio, call.url);
        if (fetched && 'missing' in fetched) return; // gone at the carrier: nothing to keep
        if (!fetched) throw new Error(`the carrier did not hand over the voicemail of ${callSid}`);
        await keepRecording(db, call, fetched);
      },
    }),
  ];
}
