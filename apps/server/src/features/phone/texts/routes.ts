import {
  conversationDetailResponseSchema,
  conversationListResponseSchema,
  conversationPageInputSchema,
  createTextInputSchema,
  isMessagingReady,
  normalizePhone,
  sendMessageInputSchema,
  sendTextResultSchema,
  smsKeyword,
  textListQuerySchema,
} from '@tentpole/domain';
import { and, eq, sql } from 'drizzle-orm';
import twilio from 'twilio';
import { z } from 'zod';
import type { Db } from '../../../db/client.js';
import { AppError, notFound } from '../../../http/app-error.js';
import { isUuid } from '../../../http/is-uuid.js';
import { readJson, readQuery } from '../../../http/read-body.js';
import type { RouteDef } from '../../../http/route-table.js';
import { enqueue, type JobWorker } from '../../../jobs/job-queue.js';
import { publish } from '../../../realtime/event-hub.js';
import {
  firstDelivery,
  twiml,
  verifyTwilioSignature,
  webhookParams,
} from '../../../telephony/twilio-webhook.js';
import { WEBHOOK_BASE } from '../../../telephony/webhook-urls.js';
import { findPhoneServiceByNumber, phoneInfo } from '../queries.js';
import { phoneSettings } from '../tables.js';
import { JOB_FORWARD_SMS, JOB_POST_TO_SLACK, JOB_SEND_SMS } from './jobs.js';
import {
  conversationFor,
  findConversation,
  isOptedOut,
  listConversations,
  markRead,
  messagePage,
  setOptOut,
  touchConversation,
} from './queries.js';
import { messages } from './tables.js';

const { MessagingResponse } = twilio.twiml;

// Carrier statuses in the order a text moves through them; a late callback never moves it back.
const STATUS_RANK: Record<string, number> = {
  queued: 0,
  accepted: 0,
  sending: 1,
  sent: 2,
  delivered: 3,
  undelivered: 4,
  failed: 4,
  read: 4,
};

const sentMessageSchema = z.object({
  id: z.string(),
  conversationId: z.string(),
  status: z.string(),
});
const tag = 'Reach';

export type TextRouteDeps = {
  db: Db;
  authToken: string;
  appUrl: string;
  worker: Pick<JobWorker, 'kick'>;
};

export function textRoutes({ db, authToken, appUrl, worker }: TextRouteDeps): RouteDef[] {
  const signed = [verifyTwilioSignature(authToken, appUrl)];

  /** Stores an outbound text and its send job in one transaction (nothing is lost on a crash). */
  async function queueText(accountId: string, userId: string, phoneNumber: string, body: string) {
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

  async function conversationOf(accountId: string, id: string) {
    const conversation = isUuid(id) ? await findConversation(db, accountId, id) : null;
    if (!conversation) throw notFound('Conversation');
    return conversation;
  }

  return [
    {
      method: 'GET',
      path: '/api/phone/text',
      access: { permission: 'phone.read' },
      summary: 'Text conversations.',
      tag,
      query: textListQuerySchema,
      response: conversationListResponseSchema,
      async handler(c) {
        const { filter } = readQuery(c, textListQuerySchema);
        return c.json({
          conversations: await listConversations(db, c.get('user').accountId, filter),
        });
      },
    },
    {
      method: 'POST',
      path: '/api/phone/text/create',
      access: { permission: 'phone.write' },
      summary: 'Text a number (starts or continues its conversation).',
      tag,
      request: createTextInputSchema,
      response: sendTextResultSchema,
      status: 201,
      errors: [409],
      async handler(c) {
        const { phoneNumber, body } = await readJson(c, createTextInputSchema);
        const user = c.get('user');
        const { conversationId } = await queueText(
          user.accountId,
          user.id,
          normalizePhone(phoneNumber),
          body,
        );
        return c.json({ id: conversationId }, 201);
      },
    },
    {
      // spec §7: the conversation's newest page (older with { before }); reading marks it read.
      method: 'POST',
      path: '/api/phone/text/:conversationId',
      access: { permission: 'phone.read' },
      summary: "A page of a conversation's messages; reading marks it read.",
      tag,
      request: conversationPageInputSchema,
      response: conversationDetailResponseSchema,
      async handler(c) {
        const accountId = c.get('user').accountId;
        const conversation = await conversationOf(accountId, c.req.param('conversationId') ?? '');
        const input = await readJson(c, conversationPageInputSchema, { optional: true });
        const page = await messagePage(db, accountId, conversation.id, input.before);
        if (!input.before && (await markRead(db, accountId, conversation.id))) {
          // Other tabs show the unread count too: tell them it is read.
          await publish(db, accountId, {
            type: 'conversation.updated',
            conversationId: conversation.id,
          });
        }
        return c.json({
          ...page,
          customerDetails: {
            displayName: conversation.displayName,
            phoneNumber: conversation.phoneNumber,
          },
        });
      },
    },
    {
      method: 'POST',
      path: '/api/phone/text/:conversationId/sendMessage',
      access: { permission: 'phone.write' },
      summary: 'Reply in a conversation.',
      tag,
      request: sendMessageInputSchema,
      response: sentMessageSchema,
      status: 201,
      errors: [409],
      async handler(c) {
        const user = c.get('user');
        const conversation = await conversationOf(
          user.accountId,
          c.req.param('conversationId') ?? '',
        );
        const { body } = await readJson(c, sendMessageInputSchema);
        const { messageId } = await queueText(
          user.accountId,
          user.id,
          conversation.phoneNumber,
          body,
        );
        return c.json({ id: messageId, conversationId: conversation.id, status: 'queued' }, 201);
      },
    },
    {
      // Inbound SMS: stored (once per MessageSid) before we answer 200, with its forwards queued.
      method: 'POST',
      path: `${WEBHOOK_BASE}/sms`,
      access: { public: 'carrier webhooks, each verified by its X-Twilio-Signature' },
      summary: 'Carrier: an inbound text.',
      tag: 'Carrier webhooks',
      response: { kind: 'xml', description: 'TwiML (an empty MessagingResponse, or a reply).' },
      before: signed,
      async handler(c) {
        const params = webhookParams(c);
        const reply = new MessagingResponse();
        const service = await findPhoneServiceByNumber(db, params.To ?? '');
        const sid = params.MessageSid ?? params.SmsSid ?? '';
        if (!service || !sid) return twiml(c, reply);
        const from = normalizePhone(params.From ?? '');
        const body = params.Body ?? '';
        const keyword = smsKeyword(body);
        await db.transaction(async (tx) => {
          const conversation = await conversationFor(tx, service.accountId, from);
          const now = new Date();
          const [stored] = await tx
            .insert(messages)
            .values({
              accountId: service.accountId,
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
          await touchConversation(tx, conversation.id, { body, direction: 'inbound', at: now });
          if (keyword === 'opt-out') await setOptOut(tx, service.accountId, from, true);
          if (keyword === 'opt-in') await setOptOut(tx, service.accountId, from, false);
          const [settings] = await tx
            .select()
            .from(phoneSettings)
            .where(eq(phoneSettings.accountId, service.accountId));
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
          await publish(tx, service.accountId, {
            type: 'message.received',
            conversationId: conversation.id,
            messageId: stored.id,
          });
        });
        worker.kick();
        // STOP, START and HELP are answered by the carrier itself (Twilio's default opt-out
        // handling); a reply of ours would be a second text, so the response stays empty.
        return twiml(c, reply);
      },
    },
    {
      // Status callbacks for our texts: applied once each, and never backwards.
      method: 'POST',
      path: `${WEBHOOK_BASE}/sms/status`,
      access: { public: 'carrier webhooks, each verified by its X-Twilio-Signature' },
      summary: 'Carrier: text status callbacks.',
      tag: 'Carrier webhooks',
      response: { kind: 'empty', description: 'Applied (or already applied).' },
      status: 204,
      before: signed,
      async handler(c) {
        const params = webhookParams(c);
        const sid = params.MessageSid ?? params.SmsSid ?? '';
        const status = params.MessageStatus ?? params.SmsStatus ?? '';
        if (!(await firstDelivery(db, c, `sms-status:${sid}:${status}`))) return c.body(null, 204);
        const rank = STATUS_RANK[status];
        if (rank === undefined) return c.body(null, 204);
        const [row] = await db
          .select({
            id: messages.id,
            accountId: messages.accountId,
            conversationId: messages.conversationId,
          })
          .from(messages)
          .where(eq(messages.providerSid, sid));
        if (!row) return c.body(null, 204);
        await db.transaction(async (tx) => {
          const updated = await tx
            .update(messages)
            .set({
              status,
              errorCode: params.ErrorCode || null,
              errorMessage: params.ErrorMessage || null,
              updatedAt: new Date(),
            })
            .where(
              and(
                eq(messages.id, row.id),
                sql`coalesce((${sql.raw(`'${JSON.stringify(STATUS_RANK)}'`)}::jsonb ->> ${messages.status})::int, 0) < ${rank}`,
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
        return c.body(null, 204);
      },
    },
  ];
}
