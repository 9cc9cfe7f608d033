import {
  isMessagingReady,
  MESSAGE_STATUS_RANK,
  messageStatusRank,
  normalizePhone,
  smsKeywordKind,
} from '@tentpole/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { AppError } from '../../../http/app-error.js';
import { hit, type Limit } from '../../../http/rate-limit.js';
import { enqueue, type JobWorker } from '../../../jobs/job-queue.js';
import { publish } from '../../../realtime/event-hub.js';
import { phoneInfo } from '../queries.js';
import { phoneSettings } from '../tables.js';
import { JOB_FORWARD_SMS, JOB_POST_TO_SLACK, JOB_SEND_SMS } from './jobs.js';
import { addInboundMedia, type InboundMedia } from './media.js';
import {
  conversationFor,
  isOptedOut,
  JOB_NUMBERED_REPLY,
  NUMBERED_REPLY,
  type NumberedReplyPayload,
  setOptOut,
  touchConversation,
} from './queries.js';
import { messages } from './tables.js';

/** A picture-only text's line in the conversation list. */
const pictureSummary = (count: number) => (count === 1 ? 'Picture' : `${count} pictures`);

/** A person texts a few customers a minute; a script sending hundreds is stopped. */
export const TEXTS_PER_MINUTE: Limit = {
  name: 'texts-per-user-minute',
  max: 30,
  windowMs: 60_000,
  message: 'Too many texts in a minute. Please wait a moment and try again.',
};

/** Stores an outbound text and its send job in one transaction (nothing is lost on a crash). */
export async function queueText(
  db: Db,
  worker: Pick<JobWorker, 'kick'>,
  accountId: string,
  userId: string,
  phoneNumber: string,
  body: string,
) {
  await hit(db, TEXTS_PER_MINUTE, userId);
  const info = await phoneInfo(db, accountId, userId);
  // spec §6: texting needs phone service and messaging status approved or success.
  if (!isMessagingReady(info))
    throw new AppError('forbidden', 'Texting is not enabled for this account yet.');
  if (await isOptedOut(db, accountId, phoneNumber)) {
    throw new AppError(
      'conflict',
      'This number has opted out of texts (they replied STOP). They can text START to opt back in.',
      { phoneNumber: ['This number has opted out of texts.'] },
    );
  }
  const result = await db.transaction(async (tx) => {
    const conversation = await conversationFor(tx, accountId, phoneNumber);
    const now = new Date();
    const [message] = await tx
      .insert(messages)
      .values({
        accountId,
        conversationId: conversation.id,
        direction: 'outbound',
        body,
        status: 'queued',
        sentByUserId: userId,
        createdAt: now,
      })
      .returning({ id: messages.id });
    if (!message) throw new Error('message was not stored');
    await touchConversation(tx, conversation.id, { body, direction: 'outbound', at: now });
    await enqueue(tx, JOB_SEND_SMS, { messageId: message.id }, `send:${message.id}`);
    await publish(tx, accountId, {
      type: 'conversation.updated',
      conversationId: conversation.id,
    });
    return { conversationId: conversation.id, messageId: message.id };
  });
  worker.kick();
  return result;
}

/**
 * An inbound text: stored once per carrier id, with its opt-out or opt-in applied, its forwards
 * (mobile, Slack) queued and the live event raised, all in one transaction. A repeated delivery
 * changes nothing.
 */
export async function receiveText(
  db: Db,
  {
    accountId,
    from: rawFrom,
    body,
    sid,
    media = [],
    carrierPrefix = '',
  }: {
    accountId: string;
    from: string;
    body: string;
    sid: string;
    /** Issue 24 item 5: the text's pictures, fetched by a job from under `carrierPrefix`. */
    media?: InboundMedia[];
    carrierPrefix?: string;
  },
) {
  const from = normalizePhone(rawFrom);
  // The carrier's text as it came, less any NUL (PostgreSQL text cannot hold one).
  body = body.replaceAll('\u0000', '');
  const keyword = smsKeywordKind(body);
  await db.transaction(async (tx) => {
    const conversation = await conversationFor(tx, accountId, from);
    const now = new Date();
    const [stored] = await tx
      .insert(messages)
      .values({
        accountId,
        conversationId: conversation.id,
        direction: 'inbound',
        body,
        status: 'received',
        providerSid: sid,
        createdAt: now,
      })
      .onConflictDoNothing({
        target: [messages.accountId, messages.providerSid],
        where: sql`${messages.providerSid} is not null`,
      })
      .returning({ id: messages.id });
    if (!stored) return; // a repeated delivery: already stored, forwarded and announced
    await addInboundMedia(tx, accountId, stored.id, media, carrierPrefix);
    await touchConversation(tx, conversation.id, {
      body: body || (media.length > 0 ? pictureSummary(media.length) : body),
      direction: 'inbound',
      at: now,
    });
    if (keyword === 'opt-out') await setOptOut(tx, accountId, from, true);
    if (keyword === 'opt-in') await setOptOut(tx, accountId, from, false);
    const [settings] = await tx
      .select()
      .from(phoneSettings)
      .where(eq(phoneSettings.accountId, accountId));
    if (settings?.forwardIncomingMessagesToMobile && !keyword) {
      for (const to of settings.forwardIncomingMessagesTo) {
        await enqueue(
          tx,
          JOB_FORWARD_SMS,
          { messageId: stored.id, to },
          `forward:${stored.id}:${to}`,
        );
      }
    }
    if (settings?.forwardIncomingMessagesToSlack && settings.slackWebhookUrl && !keyword) {
      await enqueue(tx, JOB_POST_TO_SLACK, { messageId: stored.id }, `slack:${stored.id}`);
    }
    // A numbered answer to an offer (decision 0061): applied by a job, once per message.
    if (!keyword && NUMBERED_REPLY.test(body))
      await enqueue(
        tx,
        JOB_NUMBERED_REPLY,
        { accountId, messageId: stored.id, phoneNumber: from, body } satisfies NumberedReplyPayload,
        `reply:${stored.id}`,
      );
    await publish(tx, accountId, {
      type: 'message.received',
      conversationId: conversation.id,
      messageId: stored.id,
    });
  });
}

/** A carrier status for one of our texts: applied once, and never backwards. */
export async function applyTextStatus(
  db: Db,
  {
    sid,
    status,
    errorCode,
    errorMessage,
  }: { sid: string; status: string; errorCode: string | null; errorMessage: string | null },
) {
  const rank = messageStatusRank(status);
  if (rank === undefined) return;
  const [row] = await db
    .select({
      id: messages.id,
      accountId: messages.accountId,
      conversationId: messages.conversationId,
    })
    .from(messages)
    .where(eq(messages.providerSid, sid));
  if (!row) return;
  await db.transaction(async (tx) => {
    const updated = await tx
      .update(messages)
      .set({
        status,
        errorCode,
        errorMessage,
        updatedAt: new Date(),
      })
      .where(
        and(
          eq(messages.id, row.id),
          sql`coalesce((${sql.raw(`'${JSON.stringify(MESSAGE_STATUS_RANK)}'`)}::jsonb ->> ${messages.status})::int, 0) < ${rank}`,
        ),
      )
      .returning({ id: messages.id });
    if (updated.length > 0) {
      await publish(tx, row.accountId, {
        type: 'message.status',
        conversationId: row.conversationId,
        messageId: row.id,
        status,
      });
    }
  });
}
