import {
  ASSIGNEE_NOT_A_TEAMMATE_MESSAGE,
  conversationDetailResponseSchema,
  conversationListResponseSchema,
  conversationPageInputSchema,
  conversationStateSchema,
  conversationUpdateInputSchema,
  createTextInputSchema,
  INVALID_PHONE_NUMBER_MESSAGE,
  normalizePhone,
  sendMessageInputSchema,
  sendTextResultSchema,
  sentMessageResponseSchema,
  teammatesResponseSchema,
  textListQuerySchema,
} from '@tentpole/domain';
import twilio from 'twilio';
import type { Db } from '../../../db/client.js';
import { AppError, notFound } from '../../../http/app-error.js';
import { isUuid } from '../../../http/is-uuid.js';
import { readJson, readQuery } from '../../../http/read-body.js';
import type { RouteDef } from '../../../http/route-table.js';
import type { JobWorker } from '../../../jobs/job-queue.js';
import { publish } from '../../../realtime/event-hub.js';
import { checkPossibleNumber } from '../../../telephony/possible-number.js';
import {
  firstDelivery,
  twiml,
  verifyTwilioSignature,
  webhookParams,
} from '../../../telephony/twilio-webhook.js';
import { WEBHOOK_BASE } from '../../../telephony/webhook-urls.js';
import { activeMembersWho } from '../../staff/queries.js';
import { findPhoneServiceByNumber } from '../queries.js';
import { inboundMediaOf } from './media.js';
import {
  conversationState,
  findConversation,
  listConversations,
  markRead,
  messagePage,
  updateConversationState,
} from './queries.js';
import { applyTextStatus, queueText, receiveText } from './service.js';

const { MessagingResponse } = twilio.twiml;

const tag = 'Reach';

export type TextRouteDeps = {
  db: Db;
  authToken: string;
  appUrl: string;
  worker: Pick<JobWorker, 'kick'>;
  /** Where the carrier serves this account's MMS media (only URLs under it are fetched). */
  carrierMediaPrefix: string;
};

// The number must also be one a carrier can dial (the spec's rule alone lets '123' through).
const createTextRequestSchema = createTextInputSchema.superRefine((input, ctx) =>
  checkPossibleNumber(ctx, ['phoneNumber'], input.phoneNumber, INVALID_PHONE_NUMBER_MESSAGE),
);

export function textRoutes({
  db,
  authToken,
  appUrl,
  worker,
  carrierMediaPrefix,
}: TextRouteDeps): RouteDef[] {
  const signed = [verifyTwilioSignature(authToken, appUrl)];

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
        const user = c.get('user');
        return c.json({
          conversations: await listConversations(db, user.accountId, filter, user.id),
        });
      },
    },
    {
      method: 'POST',
      path: '/api/phone/text/create',
      access: { permission: 'phone.write' },
      summary: 'Text a number (starts or continues its conversation).',
      tag,
      request: createTextRequestSchema,
      response: sendTextResultSchema,
      status: 201,
      errors: [409, 429],
      async handler(c) {
        const { phoneNumber, body } = await readJson(c, createTextRequestSchema);
        const user = c.get('user');
        const { conversationId } = await queueText(
          db,
          worker,
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
        const state = await conversationState(db, accountId, conversation.id);
        return c.json({
          ...page,
          customerDetails: {
            displayName: conversation.displayName,
            phoneNumber: conversation.phoneNumber,
          },
          ...(state ? { inbox: { status: state.status, assignee: state.assignee } } : {}),
        });
      },
    },
    {
      // Issue 24 item 7, the shared inbox: assign to a teammate who can read texts, or nobody;
      // close or reopen. Every open tab's list follows through the account's event stream.
      method: 'PATCH',
      path: '/api/phone/text/:conversationId',
      access: { permission: 'phone.write' },
      summary: 'Assign, close or reopen a conversation.',
      tag,
      request: conversationUpdateInputSchema,
      response: conversationStateSchema,
      async handler(c) {
        const accountId = c.get('user').accountId;
        const conversation = await conversationOf(accountId, c.req.param('conversationId') ?? '');
        const change = await readJson(c, conversationUpdateInputSchema);
        if (change.assigneeId) {
          const teammates = await activeMembersWho(db, accountId, 'phone.read');
          if (!teammates.some((t) => t.userId === change.assigneeId))
            throw new AppError('validation_failed', ASSIGNEE_NOT_A_TEAMMATE_MESSAGE, {
              assigneeId: [ASSIGNEE_NOT_A_TEAMMATE_MESSAGE],
            });
        }
        const state = await updateConversationState(
          db,
          accountId,
          conversation.id,
          change,
          new Date(),
        );
        if (!state) throw notFound('Conversation');
        await publish(db, accountId, { type: 'conversation.updated', conversationId: state.id });
        return c.json(state);
      },
    },
    {
      method: 'GET',
      path: '/api/phone/teammates',
      access: { permission: 'phone.read' },
      summary: 'The members a conversation can be assigned to (active, and able to read texts).',
      tag,
      response: teammatesResponseSchema,
      async handler(c) {
        const teammates = await activeMembersWho(db, c.get('user').accountId, 'phone.read');
        return c.json({
          teammates: teammates
            .map((t) => ({ id: t.userId, name: t.name }))
            .sort((a, b) => a.name.localeCompare(b.name)),
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
      response: sentMessageResponseSchema,
      status: 201,
      errors: [409, 429],
      async handler(c) {
        const user = c.get('user');
        const conversation = await conversationOf(
          user.accountId,
          c.req.param('conversationId') ?? '',
        );
        const { body } = await readJson(c, sendMessageInputSchema);
        const { messageId } = await queueText(
          db,
          worker,
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
        await receiveText(db, {
          accountId: service.accountId,
          from: params.From ?? '',
          body: params.Body ?? '',
          sid,
          media: inboundMediaOf(params),
          carrierPrefix: carrierMediaPrefix,
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
        await applyTextStatus(db, {
          sid,
          status,
          errorCode: params.ErrorCode || null,
          errorMessage: params.ErrorMessage || null,
        });
        return c.body(null, 204);
      },
    },
  ];
}
