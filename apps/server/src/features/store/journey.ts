import { sql } from 'drizzle-orm';
import type { JourneySource } from '../feature.js';
import { cartSessions } from './tables.js';

/** Carts the customer started in the store, and whether each became an order. */
export const storeJourney: JourneySource = (accountId, customerId) => sql`
  select s.id::text, 'cart_session', 'Started a cart',
         s.item_count || ' item(s), {amount}'
           || case when s.converted_order_id is not null then ', became an order' else '' end,
         s.started_at, s.converted_order_id::text, s.value_cents
    from ${cartSessions} s where s.account_id = ${accountId} and s.customer_id = ${customerId}`;
