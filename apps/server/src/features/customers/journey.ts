import { sql } from 'drizzle-orm';
import type { JourneySource } from '../feature.js';
import { customerJourneyEvents, customers } from './tables.js';

/** When the customer was added, and what was recorded for them that no other table holds. */
export const customersJourney: JourneySource = (accountId, customerId) => sql`
  select c.id::text, 'created' as kind, 'Customer added' as title, null::text as detail,
         c.created_at as occurred_at, null::text as order_id, null::integer as amount_cents
    from ${customers} c where c.account_id = ${accountId} and c.id = ${customerId}
  union all
  select e.id::text, e.kind, e.title, e.detail, e.occurred_at, null::text, null::integer
    from ${customerJourneyEvents} e
    where e.account_id = ${accountId} and e.customer_id = ${customerId}`;
