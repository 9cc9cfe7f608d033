import {
  orderResponseSchema,
  paymentInputSchema,
  paymentListResponseSchema,
  refundInputSchema,
} from '@tentpole/domain';
import type { Context } from 'hono';
import type { AppEnv } from '../../http/app-env.js';
import { notFound } from '../../http/app-error.js';
import { isUuid } from '../../http/is-uuid.js';
import { readJson } from '../../http/read-body.js';
import type { RouteDef } from '../../http/route-table.js';
import type { FeatureContext } from '../feature.js';
import { findOrder } from '../orders/queries.js';
import { orderPayments, recordPayment, recordRefund, storeCredit } from './service.js';

const tag = 'Payments';

export function paymentRoutes({ db, clock, payments }: FeatureContext): RouteDef[] {
  async function orderOf(c: Context<AppEnv>) {
    const id = c.req.param('id');
    const order = isUuid(id) ? await findOrder(db, c.get('user').accountId, id) : null;
    if (!order) throw notFound('Order');
    return order;
  }
  return [
    {
      method: 'GET',
      path: '/api/orders/:id/payments',
      access: { signedIn: true },
      summary: "An order's payments and refunds, and the customer's store credit.",
      tag,
      response: paymentListResponseSchema,
      async handler(c) {
        const order = await orderOf(c);
        const accountId = c.get('user').accountId;
        const rows = await orderPayments(db, accountId, order.id);
        return c.json({
          payments: rows.map(({ customerId: _, paidAt, ...row }) => ({
            ...row,
            paidAt: paidAt.toISOString(),
          })),
          storeCredit: await storeCredit(db, accountId, order.customer.id),
        });
      },
    },
    {
      method: 'POST',
      path: '/api/orders/:id/payments',
      access: { permission: 'payment.write' },
      summary: 'Record a manual payment (rental money or security deposit).',
      tag,
      request: paymentInputSchema,
      response: orderResponseSchema,
      status: 201,
      errors: [409],
      async handler(c) {
        const { id } = await orderOf(c);
        const input = await readJson(c, paymentInputSchema);
        await recordPayment(db, c.get('user').accountId, id, input, c.get('user').id, clock());
        return c.json({ order: await orderOf(c) }, 201);
      },
    },
    {
      method: 'POST',
      path: '/api/orders/:id/refunds',
      access: { permission: 'payment.refund' },
      summary: 'Refund rental money or the security deposit, never more than was kept.',
      tag,
      request: refundInputSchema,
      response: orderResponseSchema,
      status: 201,
      errors: [503],
      async handler(c) {
        const { id } = await orderOf(c);
        const input = await readJson(c, refundInputSchema);
        await recordRefund(
          db,
          c.get('user').accountId,
          id,
          input,
          c.get('user').id,
          clock(),
          payments?.stripe,
        );
        return c.json({ order: await orderOf(c) }, 201);
      },
    },
  ];
}
