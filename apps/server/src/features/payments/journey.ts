import { sql } from 'drizzle-orm';
import type { JourneySource } from '../feature.js';
import { orders } from '../orders/tables.js';
import { payments } from './tables.js';

/** Every payment the customer made and every refund, with the order it was for. */
export const paymentsJourney: JourneySource = (accountId, customerId) => sql`
  select p.id::text, 'payment',
         case when p.kind = 'refund' then 'Refunded {amount}' else 'Paid {amount}' end
           || case when p.of = 'deposit' then ' (security deposit)' else '' end,
         'Order #' || o.number || case when p.kind = 'refund' then ' to ' else ' by ' end
           || replace(p.method, '_', ' '), p.paid_at,
         p.order_id::text, abs(p.amount_cents)
    from ${payments} p join ${orders} o on o.id = p.order_id and o.account_id = ${accountId}
    where p.account_id = ${accountId} and p.customer_id = ${customerId}`;
