import { dateTimeFormat, resolveLocale } from '@tentpole/domain';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.js';
import { logger } from '../../logging/logger.js';
import { ensureOrderPageUrl } from '../orders/queries.js';
import { queueAutomatedText } from '../phone/texts/queries.js';
import { cartSessions } from './tables.js';

/**
 * How long after a shopper's visit their booking's confirmation is still texted: a quote paid
 * weeks later is confirmed by the order's own messages, and the sweep reads (by
 * cart_sessions_confirmation_due_idx) only the carts of this window still owed a text.
 */
const CONFIRMATION_TEXT_WINDOW = sql`interval '30 days'`;

type Booked = {
  id: string;
  account_id: string;
  name: string;
  time_zone: string | null;
  locale: string | null;
  phone: string;
  order_id: string;
  number: number;
  event_start: Date | string;
};

/**
 * §10 "Confirmation page, e-mail and text": a shopper who booked in the store and agreed to
 * texts gets one text once the booking is paid (reserved or confirmed): the order's number,
 * the party's day and the link to their order page. The cart's row is claimed first
 * (`confirmation_texted_at`), in the transaction that queues the text, so the confirmation
 * page and the minute's sweep, on any instance, send it once. A number that replied STOP, or an
 * account without texting, is claimed and skipped (its reason logged), never retried.
 */
export async function textBookingConfirmations(
  db: Db,
  now: Date,
  appUrl: string,
  only?: { accountId: string; cartId: string },
): Promise<number> {
  const booked = await queryRows<Booked>(
    db,
    sql`select s.id, s.account_id, a.name, a.settings->>'timezone' as time_zone,
        a.settings->>'locale' as locale,
        s.contact->>'phone' as phone, o.id as order_id, o.number, o.event_start
      from cart_sessions s
      join orders o on o.id = s.converted_order_id and o.account_id = s.account_id
      join accounts a on a.id = s.account_id
      where s.confirmation_texted_at is null and s.converted_order_id is not null
        and (s.contact->>'textConsent') = 'true'
        and s.started_at > ${now.toISOString()}::timestamptz - ${CONFIRMATION_TEXT_WINDOW}
        and o.status in ('reserved', 'confirmed')
        and coalesce(s.contact->>'phone', '') <> ''
        ${only ? sql`and s.account_id = ${only.accountId} and s.id = ${only.cartId}` : sql``}
      order by s.started_at
      limit 100`,
  );
  let sent = 0;
  for (const row of booked) {
    const result = await db.transaction(async (transaction) => {
      const tx = transaction as unknown as Db;
      const [claimed] = await tx
        .update(cartSessions)
        .set({ confirmationTextedAt: now })
        .where(
          and(
            eq(cartSessions.accountId, row.account_id),
            eq(cartSessions.id, row.id),
            isNull(cartSessions.confirmationTextedAt),
          ),
        )
        .returning({ id: cartSessions.id });
      if (!claimed) return null;
      const link = await ensureOrderPageUrl(tx, row.account_id, row.order_id, appUrl);
      const day = dateTimeFormat(resolveLocale(row.locale), {
        weekday: 'short',
        month: 'short',
        day: 'numeric',
        timeZone: row.time_zone || 'UTC',
      }).format(new Date(row.event_start));
      return queueAutomatedText(
        tx,
        row.account_id,
        row.phone,
        `${row.name}: you're booked! Order #${row.number} for ${day}.${link ? ` Your order: ${link}` : ''}`,
        { marketing: false, now },
      );
    });
    if (result?.sent) sent++;
    else if (result)
      logger.info({ cart: row.id, reason: result.reason }, 'Booking confirmation text not sent');
  }
  return sent;
}
