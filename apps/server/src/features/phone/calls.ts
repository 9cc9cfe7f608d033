import { normalizePhone } from '@tentpole/domain';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { publish } from '../../realtime/event-hub.js';
import { calls } from './tables.js';

const changed = { id: calls.id, accountId: calls.accountId };

/** Tells the account's open tabs that these calls changed (the call log reads them again). */
async function announce(db: Db, rows: { id: string; accountId: string }[]) {
  for (const row of rows) {
    await publish(db, row.accountId, { type: 'call.updated', callId: row.id });
  }
}

export const TERMINAL_STATUSES = ['completed', 'busy', 'failed', 'no-answer', 'canceled'];
const isTerminal = (status: string) => TERMINAL_STATUSES.includes(status);

export type NewCall = {
  accountId: string;
  callSid: string;
  direction: 'inbound' | 'outbound';
  via: 'browser' | 'mobile' | 'pstn';
  fromNumber: string;
  toNumber: string;
  counterpartNumber: string;
  status: string;
  customerId: string | null;
  placedByUserId?: string | null;
  startedAt: Date;
};

/** Records a call the first time the carrier tells us of it; a repeat changes nothing. */
export async function insertCall(db: Db, call: NewCall): Promise<void> {
  await db
    .insert(calls)
    .values({ ...call, counterpartNumber: normalizePhone(call.counterpartNumber) })
    .onConflictDoNothing({ target: calls.callSid })
    .returning(changed)
    .then((rows) => announce(db, rows));
}

/** insertCall, then the call as stored (the first delivery's, when it was a repeat). */
export async function recordCall(db: Db, call: NewCall) {
  await insertCall(db, call);
  return findCallBySid(db, call.callSid);
}

export async function findCallBySid(db: Db, callSid: string) {
  const [row] = await db.select().from(calls).where(eq(calls.callSid, callSid));
  return row ?? null;
}

/** A status for the call; a final status is never replaced by an earlier one arriving late. */
export async function setCallStatus(
  db: Db,
  callSid: string,
  status: string,
  extra: { durationSeconds?: number | null; endedAt?: Date } = {},
) {
  await db
    .update(calls)
    .set({
      status: sql`case when ${calls.status} in ('completed','busy','failed','no-answer','canceled') then ${calls.status} else ${status} end`,
      ...(extra.durationSeconds !== undefined ? { durationSeconds: extra.durationSeconds } : {}),
      ...(isTerminal(status)
        ? {
            endedAt: sql`coalesce(${calls.endedAt}, ${(extra.endedAt ?? new Date()).toISOString()}::timestamptz)`,
          }
        : {}),
      updatedAt: new Date(),
    })
    .where(eq(calls.callSid, callSid))
    .returning(changed)
    .then((rows) => announce(db, rows));
}

/** How a call ended, as the Dial's action reports it: overrides what the legs said. */
export async function finishDial(
  db: Db,
  callSid: string,
  status: string,
  durationSeconds: number | null,
) {
  await db
    .update(calls)
    .set({ status, durationSeconds, endedAt: new Date(), updatedAt: new Date() })
    .where(eq(calls.callSid, callSid))
    .returning(changed)
    .then((rows) => announce(db, rows));
}

export async function markAnswered(
  db: Db,
  parentCallSid: string,
  by: { userId: string | null; number: string | null },
  at: Date,
) {
  await db
    .update(calls)
    .set({
      answeredAt: sql`coalesce(${calls.answeredAt}, ${at.toISOString()}::timestamptz)`,
      answeredByUserId: sql`coalesce(${calls.answeredByUserId}, ${by.userId}::uuid)`,
      answeredByNumber: sql`coalesce(${calls.answeredByNumber}, ${by.number})`,
      status: 'in-progress',
      updatedAt: new Date(),
    })
    .where(eq(calls.callSid, parentCallSid))
    .returning(changed)
    .then((rows) => announce(db, rows));
}

export async function attachVoicemail(
  db: Db,
  callSid: string,
  recording: { sid: string; url: string; durationSeconds: number | null },
) {
  await db
    .update(calls)
    .set({
      voicemailRecordingSid: recording.sid,
      voicemailUrl: recording.url,
      voicemailDurationSeconds: recording.durationSeconds,
      updatedAt: new Date(),
    })
    .where(eq(calls.callSid, callSid))
    .returning(changed)
    .then((rows) => announce(db, rows));
}
