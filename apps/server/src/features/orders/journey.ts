import { sql } from 'drizzle-orm';
import type { JourneySource } from '../feature.js';
import { documents, orders } from './tables.js';

/** The customer's orders (a quote until confirmed) and their documents past the quote. */
export const ordersJourney: JourneySource = (accountId, customerId) => sql`
  select o.id::text, case when o.status = 'quote' then 'quote' else 'order' end,
         case when o.status = 'quote' then 'Quote #' else 'Order #' end || o.number,
         'Event on ' || to_char(o.event_date, 'Mon FMDD, YYYY') || ' · {amount} · ' || o.status,
         o.created_at, o.id::text, o.total_cents
    from ${orders} o where o.account_id = ${accountId} and o.customer_id = ${customerId}
  union all
  select d.id::text, 'document', d.title, d.kind || ' · ' || d.status, d.created_at,
         d.order_id::text, null::integer
    from ${documents} d
    where d.account_id = ${accountId} and d.customer_id = ${customerId} and d.kind <> 'quote'`;
