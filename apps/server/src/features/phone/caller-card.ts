import {
  type CallerCard,
  type CallerCardOrder,
  type CallerCardQuote,
  callerCardMoney,
  callerCardQuerySchema,
  callerCardSchema,
  localDate,
} from '@tentpole/domain';
import type { Db } from '../../db/client.js';
import { notFound } from '../../http/app-error.js';
import { isUuid } from '../../http/is-uuid.js';
import { readQuery } from '../../http/read-body.js';
import type { RouteDef } from '../../http/route-table.js';
import { accountCurrency, accountTimezone } from '../accounts/queries.js';
import { findCustomer } from '../customers/queries.js';
import { callerCardOrders } from '../orders/queries.js';

/**
 * Issue 24 item 1: the caller card beside the Incoming Call dialog, the active call and a
 * conversation: the customer's next or open order, their open quotes and holds, and their
 * lifetime value, with money only for those who may see it (`callerCardMoney`).
 */
export function callerCardRoutes({ db, clock }: { db: Db; clock: () => Date }): RouteDef[] {
  return [
    {
      method: 'GET',
      path: '/api/phone/caller-card',
      access: { permission: 'phone.read' },
      summary:
        "The caller card: a customer's next or open order, open quotes and holds, lifetime value.",
      tag: 'Reach',
      query: callerCardQuerySchema,
      response: callerCardSchema,
      async handler(c) {
        const user = c.get('user');
        const { customerId } = readQuery(c, callerCardQuerySchema);
        const customer = isUuid(customerId)
          ? await findCustomer(db, user.accountId, customerId)
          : null;
        if (!customer) throw notFound('Customer');
        const [timeZone, currency] = await Promise.all([
          accountTimezone(db, user.accountId),
          accountCurrency(db, user.accountId),
        ]);
        const found = await callerCardOrders(
          db,
          user.accountId,
          customer.id,
          localDate(clock(), timeZone),
        );
        return c.json(
          callerCard(found, callerCardMoney(user.roles), {
            customer: {
              id: customer.id,
              firstName: customer.firstName,
              lastName: customer.lastName,
              phoneNumber: customer.phoneNumber,
            },
            currency,
            timeZone,
          }),
        );
      },
    },
  ];
}

type Found = Awaited<ReturnType<typeof callerCardOrders>>;

/** The card as this member may see it: a money field they may not see is left out, not zeroed. */
function callerCard(
  found: Found,
  money: ReturnType<typeof callerCardMoney>,
  rest: Pick<CallerCard, 'customer' | 'currency' | 'timeZone'>,
): CallerCard {
  let order: CallerCardOrder | null = null;
  if (found.order) {
    const { balanceDue, status, ...shown } = found.order;
    order = {
      ...shown,
      status: status as CallerCardOrder['status'],
      ...(money.balances ? { balanceDue } : {}),
    };
  }
  return {
    ...rest,
    order,
    quotes: found.quotes.map(({ total, status, ...quote }) => ({
      ...quote,
      status: status as CallerCardQuote['status'],
      ...(money.balances ? { total } : {}),
    })),
    ...(money.lifetimeValue ? { lifetimeValue: found.lifetimeValue } : {}),
  };
}
