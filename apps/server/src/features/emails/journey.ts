import { sql } from 'drizzle-orm';
import type { JourneySource } from '../feature.js';
import { orders } from '../orders/tables.js';
import { emails } from './tables.js';

/** Every e-mail to the customer (sent, queued or failed), with its order. */
export const emailsJourney: JourneySource = (accountId, customerId) => sql`
  select e.id::text, 'email',
         'E-mail: ' || e.subject,
         case e.status when 'failed' then 'Not delivered: ' || coalesce(e.failure, 'failed')
           when 'queued' then 'Queued to ' || e.to_address
           else 'Sent to ' || e.to_address end
           || coalesce(' · Order #' || o.number, ''),
         e.created_at, e.order_id::text, null::integer
    from ${emails} e left join ${orders} o on o.id = e.order_id and o.account_id = ${accountId}
    where e.account_id = ${accountId} and e.customer_id = ${customerId}`;
