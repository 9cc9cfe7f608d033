import { formatPhone } from '@tentpole/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { accounts } from '../../../auth/tables.js';
import type { Db } from '../../../db/client.js';
import { type JobContext, PermanentJobError } from '../../../jobs/job-queue.js';
import { publish } from '../../../realtime/event-hub.js';
import { webhookUrls } from '../../../telephony/webhook-urls.js';
import { defineJob, type JobDeps } from '../../feature.js';
import { phoneServices, phoneSettings } from '../tables.js';
import { findConversation, JOB_SEND_SMS, setOptOut } from './queries.js';
import { checkWebhookUrl, postToWebhook } from './slack-url-guard.js';
import { conversations, messages } from './tables.js';

export { JOB_SEND_SMS };
export const JOB_FORWARD_SMS = 'forward-sms';
export const JOB_POST_TO_SLACK = 'post-to-slack';

type RestError = { status?: number; code?: number; message?: string };
const isClientError = (e: unknown) => {
  const status = (e as RestError).status ?? 0;
  return status >= 400 && status < 500 && status !== 429;
};

const messagePayload = z.object({
  messageId: z.uuid(),
  /** What the carrier gets when it differs from the thread's words (a secret link). */
  body: z.string().max(1600).optional(),
});
const forwardPayload = z.object({ messageId: z.uuid(), to: z.string().min(1) });

async function businessNumber(db: Db, accountId: string) {
  const [row] = await db
    .select({ number: phoneServices.phoneNumber })
    .from(phoneServices)
    .where(eq(phoneServices.accountId, accountId));
  if (!row?.number) throw new PermanentJobError('the account has no business number');
  return row.number;
}

/**
 * Hands a text to the carrier once. The message row is written (queued) with this job in one
 * transaction. A retry after a crash first asks the carrier whether the earlier attempt got
 * through (same sender, recipient and body since the job was queued), and adopts that message
 * instead of sending it again.
 */
function sendSms({ db, twilio, appUrl }: JobDeps) {
  return async ({ messageId, body }: z.output<typeof messagePayload>, context: JobContext) => {
    const [stored] = await db
      .select({
        id: messages.id,
        accountId: messages.accountId,
        body: messages.body,
        providerSid: messages.providerSid,
        conversationId: messages.conversationId,
        to: conversations.phoneNumber,
      })
      .from(messages)
      .innerJoin(conversations, eq(conversations.id, messages.conversationId))
      .where(eq(messages.id, messageId));
    if (!stored || stored.providerSid) return;
    const row = { ...stored, body: body ?? stored.body };
    const from = await businessNumber(db, row.accountId);
    // A retry may follow an attempt that reached the carrier before we could record it: look
    // (every page since the job was queued; a failed look-up retries later rather than guess).
    if (context.attempt > 1) {
      const earlier = await twilio.messages.list({
        from,
        to: row.to,
        dateSentAfter: new Date(context.createdAt.getTime() - 60_000),
      });
      const candidates = earlier.filter((m) => m.body === row.body).map((m) => m.sid);
      // A text with the same words may already be another message of ours (sent twice on purpose).
      const adopted = new Set(
        candidates.length === 0
          ? []
          : (
              await db
                .select({ sid: messages.providerSid })
                .from(messages)
                .where(
                  and(
                    eq(messages.accountId, row.accountId),
                    inArray(messages.providerSid, candidates),
                  ),
                )
            ).map((m) => m.sid),
      );
      const match = earlier.find((m) => candidates.includes(m.sid) && !adopted.has(m.sid));
      if (match) {
        await recordSent(db, row, match.sid, match.status);
        return;
      }
    }
    try {
      const sent = await twilio.messages.create({
        from,
        to: row.to,
        body: row.body,
        statusCallback: webhookUrls(appUrl).smsStatus,
      });
      await recordSent(db, row, sent.sid, sent.status);
    } catch (error) {
      if (!isClientError(error)) throw error;
      const e = error as RestError;
      await db.transaction(async (tx) => {
        await tx
          .update(messages)
          .set({
            status: 'failed',
            errorCode: String(e.code ?? e.status),
            errorMessage: e.message ?? 'The carrier refused the text.',
            updatedAt: new Date(),
          })
          .where(eq(messages.id, row.id));
        // 21610: the recipient replied STOP to this number; the carrier knows before we do.
        if (e.code === 21610) await setOptOut(tx, row.accountId, row.to, true);
        await publish(tx, row.accountId, {
          type: 'message.status',
          conversationId: row.conversationId,
          messageId: row.id,
          status: 'failed',
        });
      });
      throw new PermanentJobError(`carrier refused: ${e.code} ${e.message}`);
    }
  };
}

async function recordSent(
  db: Db,
  row: { id: string; accountId: string; conversationId: string },
  sid: string,
  carrierStatus: string,
) {
  await db.transaction(async (tx) => {
    // A status callback may already have moved it on; only a queued message takes the send's status.
    await tx
      .update(messages)
      .set({
        providerSid: sid,
        status: sql`case when ${messages.status} = 'queued' then ${carrierStatus === 'accepted' ? 'queued' : carrierStatus} else ${messages.status} end`,
        updatedAt: new Date(),
      })
      .where(eq(messages.id, row.id));
    await publish(tx, row.accountId, {
      type: 'message.status',
      conversationId: row.conversationId,
      messageId: row.id,
      status: carrierStatus,
    });
  });
}

async function inboundText(db: Db, messageId: string) {
  const [row] = await db
    .select({
      accountId: messages.accountId,
      body: messages.body,
      conversationId: messages.conversationId,
      accountName: accounts.name,
    })
    .from(messages)
    .innerJoin(accounts, eq(accounts.id, messages.accountId))
    .where(eq(messages.id, messageId));
  if (!row) throw new PermanentJobError('the message is gone');
  const conversation = await findConversation(db, row.accountId, row.conversationId);
  return { ...row, from: conversation?.displayName ?? '', number: conversation?.phoneNumber ?? '' };
}

/** Forwards an inbound text to a staff mobile (spec §3 forwardIncomingMessagesTo). */
function forwardSms({ db, twilio }: JobDeps) {
  return async (payload: z.output<typeof forwardPayload>, context: JobContext) => {
    const text = await inboundText(db, payload.messageId);
    const from = await businessNumber(db, text.accountId);
    const to = payload.to;
    const body =
      `${text.from}${text.from === formatPhone(text.number) ? '' : ` (${formatPhone(text.number)})`}: ${text.body}`.slice(
        0,
        1600,
      );
    // A retry may follow an attempt that reached the carrier before we could record it: look
    // (every page since the job was queued; a failed look-up retries later rather than guess).
    if (context.attempt > 1) {
      const earlier = await twilio.messages.list({
        from,
        to,
        dateSentAfter: new Date(context.createdAt.getTime() - 60_000),
      });
      if (earlier.some((m) => m.body === body)) return;
    }
    try {
      await twilio.messages.create({ from, to, body });
    } catch (error) {
      if (isClientError(error))
        throw new PermanentJobError(`carrier refused the forward: ${(error as RestError).message}`);
      throw error;
    }
  };
}

/** Posts an inbound text to the account's Slack webhook (spec §3 forwardIncomingMessagesToSlack). */
function postToSlack({ db, allowLoopbackWebhooks }: JobDeps) {
  return async (payload: z.output<typeof messagePayload>) => {
    const text = await inboundText(db, payload.messageId);
    const [settings] = await db
      .select({ url: phoneSettings.slackWebhookUrl, channel: phoneSettings.slackChannelName })
      .from(phoneSettings)
      .where(
        and(
          eq(phoneSettings.accountId, text.accountId),
          eq(phoneSettings.forwardIncomingMessagesToSlack, true),
        ),
      );
    if (!settings?.url) return;
    const refused = checkWebhookUrl(settings.url, { allowLoopback: allowLoopbackWebhooks });
    if (refused) throw new PermanentJobError(`Slack webhook URL refused: ${refused}`);
    let status: number;
    try {
      status = await postToWebhook(
        settings.url,
        {
          text: `New text from ${text.from} (${formatPhone(text.number)}) to ${text.accountName}:\n${text.body}`,
          ...(settings.channel ? { channel: settings.channel } : {}),
        },
        { allowLoopback: allowLoopbackWebhooks },
      );
    } catch (error) {
      // The name resolved to an address we never post to (checked at connect time).
      if ((error as { code?: string }).code === 'EADDRREFUSED') {
        throw new PermanentJobError(`Slack webhook URL refused: ${(error as Error).message}`);
      }
      throw error;
    }
    if (status >= 500 || status === 429) throw new Error(`Slack answered ${status}`);
    // A redirect is not followed: it could point anywhere.
    if (status < 200 || status >= 300) {
      throw new PermanentJobError(`Slack refused the post: ${status}`);
    }
  };
}

/** Texting's jobs, registered with the worker by the phone feature. */
export function textJobs(deps: JobDeps) {
  return [
    defineJob({ kind: JOB_SEND_SMS, payload: messagePayload, run: sendSms(deps) }),
    defineJob({ kind: JOB_FORWARD_SMS, payload: forwardPayload, run: forwardSms(deps) }),
    defineJob({ kind: JOB_POST_TO_SLACK, payload: messagePayload, run: postToSlack(deps) }),
  ];
}
