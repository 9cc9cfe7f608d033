import { sql } from 'drizzle-orm';
import type { JourneySource } from '../feature.js';
import { orders } from '../orders/tables.js';
import { payments } from './tables.js';

/** Every payment the customer made, with the order it paid. */
export const paymentsJourney: JourneySource = (accountId, customerId) => sql`
  select p.id::text, 'payment', 'Paid {amount}',
         'Order #' || o.number || ' by ' || replace(p.method, '_', ' '), p.paid_at,
         p.order_id::text, p.amount_cents
    from ${payments} p join ${orders} o on o.id = p.order_id and o.account_id = ${accountId}
    where p.account_id = ${accountId} and p.customer_id = ${customerId}`;
