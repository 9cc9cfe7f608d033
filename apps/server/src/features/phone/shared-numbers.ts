import {
  CHOOSE_A_CALLER_MESSAGE,
  callersQuerySchema,
  callersResponseSchema,
  chooseCallerInputSchema,
  chosenCallerSchema,
} from '@tentpole/domain';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { AppError, notFound } from '../../http/app-error.js';
import { isUuid } from '../../http/is-uuid.js';
import { readJson, readQuery } from '../../http/read-body.js';
import type { RouteDef } from '../../http/route-table.js';
import { publish } from '../../realtime/event-hub.js';
import { customersByPhone } from './queries.js';
import { calls } from './tables.js';
import { conversations } from './texts/tables.js';

const tag = 'Reach';

/** The customer `customerId` names, when it is one of those with `number`; else a 400. */
async function callerWithNumber(db: Db, accountId: string, number: string, customerId: string) {
  const callers = await customersByPhone(db, accountId, number);
  const chosen = callers.find((c) => c.id === customerId);
  if (!chosen)
    throw new AppError('validation_failed', CHOOSE_A_CALLER_MESSAGE, {
      customerId: [CHOOSE_A_CALLER_MESSAGE],
    });
  return chosen;
}

/**
 * Issue 24 item 1: several customers on one number (decision 0062). A call or a conversation
 * from a number several customers share names nobody until the one who answers chooses; these
 * routes list who shares a number and keep the choice on the call or the conversation, so the
 * caller card, the call log and the thread all follow it.
 */
export function sharedNumberRoutes({ db }: { db: Db }): RouteDef[] {
  return [
    {
      method: 'GET',
      path: '/api/phone/callers',
      access: { permission: 'phone.read' },
      summary: 'The customers who have this phone number (several when they share it).',
      tag,
      query: callersQuerySchema,
      response: callersResponseSchema,
      async handler(c) {
        const { number } = readQuery(c, callersQuerySchema);
        return c.json({ customers: await customersByPhone(db, c.get('user').accountId, number) });
      },
    },
    {
      // Whoever takes calls may say who is calling: it changes who the call is logged against.
      method: 'PUT',
      path: '/api/phone/calls/:callSid/customer',
      access: { permission: 'phone.read' },
      summary: 'Who a call is with, chosen among the customers who share its number.',
      tag,
      request: chooseCallerInputSchema,
      response: chosenCallerSchema,
      async handler(c) {
        const accountId = c.get('user').accountId;
        const [call] = await db
          .select({ id: calls.id, number: calls.counterpartNumber })
          .from(calls)
          .where(
            and(eq(calls.accountId, accountId), eq(calls.callSid, c.req.param('callSid') ?? '')),
          );
        if (!call) throw notFound('Call');
        const { customerId } = await readJson(c, chooseCallerInputSchema);
        const customer = await callerWithNumber(db, accountId, call.number, customerId);
        await db
          .update(calls)
          .set({ customerId: customer.id, updatedAt: new Date() })
          .where(and(eq(calls.accountId, accountId), eq(calls.id, call.id)));
        return c.json({ customer });
      },
    },
    {
      method: 'PUT',
      path: '/api/phone/text/:conversationId/customer',
      access: { permission: 'phone.write' },
      summary: 'Who a conversation is with, chosen among the customers who share its number.',
      tag,
      request: chooseCallerInputSchema,
      response: chosenCallerSchema,
      async handler(c) {
        const accountId = c.get('user').accountId;
        const id = c.req.param('conversationId') ?? '';
        const [conversation] = isUuid(id)
          ? await db
              .select({ id: conversations.id, number: conversations.phoneNumber })
              .from(conversations)
              .where(and(eq(conversations.accountId, accountId), eq(conversations.id, id)))
          : [];
        if (!conversation) throw notFound('Conversation');
        const { customerId } = await readJson(c, chooseCallerInputSchema);
        const customer = await callerWithNumber(db, accountId, conversation.number, customerId);
        await db
          .update(conversations)
          .set({ customerId: customer.id })
          .where(
            and(eq(conversations.accountId, accountId), eq(conversations.id, conversation.id)),
          );
        await publish(db, accountId, {
          type: 'conversation.updated',
          conversationId: conversation.id,
        });
        return c.json({ customer });
      },
    },
  ];
}
