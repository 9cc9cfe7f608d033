import {
  filledReplySchema,
  formatPhone,
  isMergeField,
  localDate,
  MERGE_FIELDS,
  type MergeFieldKey,
  type MergeValues,
  mergeFieldsIn,
  renderMessage,
  type SavedReply,
  savedReplyInputSchema,
  savedReplyListResponseSchema,
  savedReplySchema,
} from '@tentpole/domain';
import { and, asc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { AppError, notFound } from '../../http/app-error.js';
import { isUniqueViolation } from '../../http/db-errors.js';
import { isUuid } from '../../http/is-uuid.js';
import { readJson } from '../../http/read-body.js';
import type { RouteDef } from '../../http/route-table.js';
import { findCustomer } from '../customers/queries.js';
import { shortLinkFor } from '../links/queries.js';
import { callerCardOrders } from '../orders/queries.js';
import { findConversation } from '../phone/texts/queries.js';
import { type BusinessFacts, businessFacts, orderMessageContext } from './order-messages.js';
import { savedReplies } from './tables.js';

const tag = 'Reach';
const NAME_TAKEN = 'A saved reply with this name already exists';

const fillInputSchema = z.object({
  conversationId: z.string({ error: 'Choose a conversation' }).min(1, 'Choose a conversation'),
});

type Row = typeof savedReplies.$inferSelect;
const toReply = (row: Row): SavedReply => ({
  id: row.id,
  name: row.name,
  body: row.body,
  updatedAt: row.updatedAt.toISOString(),
});

function nameTaken(error: unknown): never {
  if (isUniqueViolation(error)) throw new AppError('conflict', NAME_TAKEN, { name: [NAME_TAKEN] });
  throw error;
}

/** Every field empty but the business's and, when there is one, the customer's. */
function valuesWithoutOrder(
  business: BusinessFacts,
  customer: {
    firstName: string;
    lastName: string;
    email: string;
    phoneNumber: string | null;
  } | null,
): MergeValues {
  const values = Object.fromEntries(MERGE_FIELDS.map((f) => [f.key, ''])) as MergeValues;
  const set = (key: MergeFieldKey, value: string) => {
    values[key] = value;
  };
  set('business.name', business.name);
  set('business.phone', business.phone);
  set('business.reviewLink', business.settings.reviewLink ?? '');
  if (customer) {
    set('customer.firstName', customer.firstName);
    set('customer.lastName', customer.lastName);
    set('customer.fullName', `${customer.firstName} ${customer.lastName}`.trim());
    set('customer.email', customer.email);
    set('customer.phone', customer.phoneNumber ? formatPhone(customer.phoneNumber) : '');
  }
  return values;
}

/**
 * Issue 24 item 7: the team's saved replies (decision 0060). Anyone who reads texts sees them;
 * those who send texts write them. Filling one for a conversation uses its customer and their
 * next order (the caller card's), with the order's links as short links.
 */
export function savedReplyRoutes({
  db,
  clock,
  appUrl,
}: {
  db: Db;
  clock: () => Date;
  appUrl: string;
}): RouteDef[] {
  async function replyOf(accountId: string, id: string | undefined) {
    const [row] = isUuid(id)
      ? await db
          .select()
          .from(savedReplies)
          .where(and(eq(savedReplies.accountId, accountId), eq(savedReplies.id, id)))
      : [];
    if (!row) throw notFound('Saved reply');
    return row;
  }

  return [
    {
      method: 'GET',
      path: '/api/saved-replies',
      access: { permission: 'phone.read' },
      summary: "The team's saved replies, by name.",
      tag,
      response: savedReplyListResponseSchema,
      async handler(c) {
        const rows = await db
          .select()
          .from(savedReplies)
          .where(eq(savedReplies.accountId, c.get('user').accountId))
          .orderBy(asc(sql`lower(${savedReplies.name})`));
        return c.json({ replies: rows.map(toReply) });
      },
    },
    {
      method: 'POST',
      path: '/api/saved-replies',
      access: { permission: 'phone.write' },
      summary: 'Save a reply (an unknown merge field is refused).',
      tag,
      request: savedReplyInputSchema,
      response: savedReplySchema,
      status: 201,
      errors: [409],
      async handler(c) {
        const user = c.get('user');
        const input = await readJson(c, savedReplyInputSchema);
        const [row] = await db
          .insert(savedReplies)
          .values({ accountId: user.accountId, ...input, createdByUserId: user.id })
          .returning()
          .catch(nameTaken);
        if (!row) throw new Error('saved reply was not stored');
        return c.json(toReply(row), 201);
      },
    },
    {
      method: 'PUT',
      path: '/api/saved-replies/:id',
      access: { permission: 'phone.write' },
      summary: 'Change a saved reply.',
      tag,
      request: savedReplyInputSchema,
      response: savedReplySchema,
      errors: [409],
      async handler(c) {
        const accountId = c.get('user').accountId;
        const reply = await replyOf(accountId, c.req.param('id'));
        const input = await readJson(c, savedReplyInputSchema);
        const [row] = await db
          .update(savedReplies)
          .set({ ...input, updatedAt: clock() })
          .where(and(eq(savedReplies.accountId, accountId), eq(savedReplies.id, reply.id)))
          .returning()
          .catch(nameTaken);
        if (!row) throw notFound('Saved reply');
        return c.json(toReply(row));
      },
    },
    {
      method: 'DELETE',
      path: '/api/saved-replies/:id',
      access: { permission: 'phone.write' },
      summary: 'Delete a saved reply.',
      tag,
      response: { kind: 'empty', description: 'Deleted.' },
      status: 204,
      async handler(c) {
        const accountId = c.get('user').accountId;
        const reply = await replyOf(accountId, c.req.param('id'));
        await db
          .delete(savedReplies)
          .where(and(eq(savedReplies.accountId, accountId), eq(savedReplies.id, reply.id)));
        return c.body(null, 204);
      },
    },
    {
      // POST: filling may make the order page's link (and its short link) the first time.
      method: 'POST',
      path: '/api/saved-replies/:id/fill',
      access: { permission: 'phone.write' },
      summary:
        "A saved reply filled for a conversation: its customer and their next order's values.",
      tag,
      request: fillInputSchema,
      response: filledReplySchema,
      async handler(c) {
        const accountId = c.get('user').accountId;
        const reply = await replyOf(accountId, c.req.param('id'));
        const { conversationId } = await readJson(c, fillInputSchema);
        const conversation = isUuid(conversationId)
          ? await findConversation(db, accountId, conversationId)
          : null;
        if (!conversation) throw notFound('Conversation');
        const business = await businessFacts(db, accountId);
        const customer = conversation.customerId
          ? await findCustomer(db, accountId, conversation.customerId)
          : null;
        let values = valuesWithoutOrder(business, customer);
        let orderNumber: number | null = null;
        if (customer) {
          const found = await callerCardOrders(
            db,
            accountId,
            customer.id,
            localDate(clock(), business.timeZone),
          );
          const orderId = found.order?.id ?? found.quotes[0]?.id;
          // The order page's path ('' app origin), for a short link of its own.
          const context = orderId
            ? await orderMessageContext(
                db,
                accountId,
                orderId,
                business,
                { make: true, appUrl: '' },
                { subject: '', body: reply.body },
              )
            : null;
          if (context) {
            orderNumber = context.order.number;
            values = context.values;
            for (const key of ['order.link', 'order.payLink'] as const) {
              if (values[key])
                values[key] = await shortLinkFor(db, { accountId, target: values[key], appUrl });
            }
          }
        }
        const { text } = renderMessage({ subject: '', body: reply.body }, values, {
          businessName: business.name,
        });
        const missing = mergeFieldsIn(reply.body).filter(
          (key) => isMergeField(key) && !values[key],
        );
        return c.json({ body: text, orderNumber, missing });
      },
    },
  ];
}
