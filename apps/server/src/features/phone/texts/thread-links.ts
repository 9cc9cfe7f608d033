import {
  callerCardMoney,
  can,
  conversationTimelineResponseSchema,
  localDate,
  type ThreadLinkKind,
  TIMELINE_ACTIVITY,
  TIMELINE_EVENT_KINDS,
  type TimelineEvent,
  type TimelineEventKind,
  threadLinkInputSchema,
  threadLinkOptionsResponseSchema,
  threadLinkResponseSchema,
} from '@tentpole/domain';
import type { Db } from '../../../db/client.js';
import { AppError, notFound } from '../../../http/app-error.js';
import { isUuid } from '../../../http/is-uuid.js';
import { readJson } from '../../../http/read-body.js';
import type { RouteDef } from '../../../http/route-table.js';
import { accountCurrency, accountTimezone } from '../../accounts/queries.js';
import type { PaymentsDeps } from '../../feature.js';
import { shortLinkFor } from '../../links/queries.js';
import {
  customerLinkActivity,
  ensureOrderPageUrl,
  threadLinkOrders,
} from '../../orders/queries.js';
import { createPayLink } from '../../payments/queries.js';
import { findConversation } from './queries.js';

const tag = 'Reach';
// Where each link opens the customer's order page: the part that asks them for it.
const PAGE_ANCHOR: Readonly<Record<Exclude<ThreadLinkKind, 'pay'>, string>> = {
  order: '',
  sign: '#sign-heading',
  approve: '#changes-heading',
};
const KIND_OF_ACTION = new Map<string, TimelineEventKind>(
  TIMELINE_EVENT_KINDS.map((kind) => [TIMELINE_ACTIVITY[kind], kind]),
);

/**
 * Issue 24 item 3, links in the thread: the reply box's links for the conversation's
 * customer's orders (each a short link), and the conversation's timeline of what the customer
 * did on them (paid, signed, approved), read from the orders' activity.
 */
export function threadLinkRoutes({
  db,
  clock,
  appUrl,
  payments,
}: {
  db: Db;
  clock: () => Date;
  appUrl: string;
  payments: PaymentsDeps | undefined;
}): RouteDef[] {
  async function customerOf(accountId: string, conversationId: string) {
    const conversation = isUuid(conversationId)
      ? await findConversation(db, accountId, conversationId)
      : null;
    if (!conversation) throw notFound('Conversation');
    return conversation.customerId;
  }

  return [
    {
      method: 'GET',
      path: '/api/phone/text/:conversationId/links',
      access: { permission: 'phone.write' },
      summary:
        "The links the reply box offers: the conversation's customer's open orders and what waits on them.",
      tag,
      response: threadLinkOptionsResponseSchema,
      async handler(c) {
        const user = c.get('user');
        const customerId = await customerOf(user.accountId, c.req.param('conversationId') ?? '');
        const [currency, timeZone] = await Promise.all([
          accountCurrency(db, user.accountId),
          accountTimezone(db, user.accountId),
        ]);
        if (!customerId) return c.json({ orders: [], payLinks: false, currency, timeZone });
        const orders = await threadLinkOrders(
          db,
          user.accountId,
          customerId,
          localDate(clock(), timeZone),
        );
        const money = callerCardMoney(user.roles).balances;
        return c.json({
          orders: orders.map((o) => ({ ...o, balanceDue: money ? o.balanceDue : null })),
          payLinks: Boolean(payments) && can(user.roles, 'payment.write'),
          currency,
          timeZone,
        });
      },
    },
    {
      method: 'POST',
      path: '/api/phone/text/:conversationId/links',
      access: { permission: 'phone.write' },
      summary:
        'A short link for the reply: the order page, a pay link for any amount, the contract to sign or the changes to approve.',
      tag,
      request: threadLinkInputSchema,
      response: threadLinkResponseSchema,
      status: 201,
      errors: [403, 409],
      async handler(c) {
        const user = c.get('user');
        const customerId = await customerOf(user.accountId, c.req.param('conversationId') ?? '');
        const input = await readJson(c, threadLinkInputSchema);
        // Only this customer's orders: another's (or another account's) is not found.
        const [order] = customerId
          ? await threadLinkOrders(db, user.accountId, customerId, null, input.orderId)
          : [];
        if (!order) throw notFound('Order');
        if (input.kind === 'pay') {
          if (!can(user.roles, 'payment.write'))
            throw new AppError('forbidden', 'Missing permission payment.write');
          if (!payments)
            throw new AppError('conflict', 'Card payments are not set up on this server.');
          const link = await createPayLink(db, payments, {
            accountId: user.accountId,
            orderId: order.id,
            purpose: input.amount === undefined ? 'balance' : 'custom',
            amount: input.amount,
            userId: user.id,
            now: clock(),
          });
          if (!link.url)
            throw new AppError('conflict', 'The pay link has no payment page. Try again.');
          const url = await shortLinkFor(db, {
            accountId: user.accountId,
            target: link.url,
            appUrl,
            expiresAt: link.expiresAt,
          });
          return c.json(
            { url, orderNumber: order.number, kind: input.kind, amount: link.amountCents },
            201,
          );
        }
        if (input.kind === 'sign' && !order.awaitingSignature)
          throw new AppError('conflict', 'This order’s contract is not waiting for a signature.');
        if (input.kind === 'approve' && !order.awaitingApproval)
          throw new AppError('conflict', 'This order has no changes waiting for approval.');
        const page = await ensureOrderPageUrl(db, user.accountId, order.id, '');
        if (!page) throw notFound('Order');
        const url = await shortLinkFor(db, {
          accountId: user.accountId,
          target: `${page}${PAGE_ANCHOR[input.kind]}`,
          appUrl,
        });
        return c.json({ url, orderNumber: order.number, kind: input.kind, amount: null }, 201);
      },
    },
    {
      method: 'GET',
      path: '/api/phone/text/:conversationId/timeline',
      access: { permission: 'phone.read' },
      summary:
        "What the conversation's customer did on their links: paid, signed, approved (newest 50).",
      tag,
      response: conversationTimelineResponseSchema,
      async handler(c) {
        const user = c.get('user');
        const customerId = await customerOf(user.accountId, c.req.param('conversationId') ?? '');
        const currency = await accountCurrency(db, user.accountId);
        if (!customerId) return c.json({ events: [], currency });
        const money = callerCardMoney(user.roles).balances;
        const rows = await customerLinkActivity(db, user.accountId, customerId, [
          ...KIND_OF_ACTION.keys(),
        ]);
        const events: TimelineEvent[] = rows.flatMap((row) => {
          const kind = KIND_OF_ACTION.get(row.action);
          if (!kind) return [];
          const amount = typeof row.detail.amount === 'number' ? row.detail.amount : null;
          const name = typeof row.detail.name === 'string' ? row.detail.name : null;
          return [
            {
              id: row.id,
              kind,
              at: row.createdAt.toISOString(),
              orderId: row.orderId,
              orderNumber: row.orderNumber,
              amount: money ? amount : null,
              name,
            },
          ];
        });
        return c.json({ events, currency });
      },
    },
  ];
}
