import { dateTimeFormat, outsideQuietHours, resolveLocale } from '@tentpole/domain';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.js';
import { logger } from '../../logging/logger.js';
import { messagingSettings } from '../emails/queries.js';
import { queueAutomatedText } from '../phone/texts/queries.js';
import { partyFields } from './party-fields.js';
import { cartSessions } from './tables.js';

/**
 * §10 "the abandoned-cart reminder (with consent)", decision 0049. A shopper who agreed to
 * texts at checkout and left with items in their cart gets one text, an hour after the cart's
 * hold ran out, with a link back to the store for the same party. Only while the party is ahead,
 * only if they have not booked since, at most one a week per number, never in the account's
 * quiet hours (the sweep comes back after them), and never to a number that replied STOP.
 */
const WAIT_AFTER_HOLD = sql`interval '1 hour'`;
/** An abandoned cart older than this is left alone: the reminder would come out of nowhere. */
const REMIND_WITHIN = sql`interval '2 days'`;
const ONE_PER_NUMBER = sql`interval '7 days'`;

type Abandoned = {
  id: string;
  account_id: string;
  name: string;
  time_zone: string | null;
  locale: string | null;
  phone: string;
  slug: string;
  event_start: Date | string;
  event_end: Date | string;
  postal_code: string | null;
};

export async function textAbandonedCartReminders(
  db: Db,
  now: Date,
  appUrl: string,
): Promise<number> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const due = await queryRows<Abandoned>(
    db,
    sql`select distinct on (s.account_id, s.contact->>'phone')
        s.id, s.account_id, a.name, a.settings->>'timezone' as time_zone,
        a.settings->>'locale' as locale,
        s.contact->>'phone' as phone, st.slug, s.event_start, s.event_end, s.postal_code
      from cart_sessions s
      join accounts a on a.id = s.account_id
      join store_settings st on st.account_id = s.account_id
      where s.reminder_texted_at is null and s.converted_order_id is null
        and s.abandoned_at is not null and (s.contact->>'textConsent') = 'true'
        and s.abandoned_at <= ${at} - ${WAIT_AFTER_HOLD}
        and s.abandoned_at > ${at} - ${REMIND_WITHIN}
        and s.event_start > ${at} and s.event_end is not null
        and coalesce(s.contact->>'phone', '') <> ''
        and not exists (
          select 1 from cart_sessions b
          where b.account_id = s.account_id and b.contact->>'phone' = s.contact->>'phone'
            and (b.reminder_texted_at > ${at} - ${ONE_PER_NUMBER}
              or (b.converted_order_id is not null and b.started_at >= s.started_at)))
      order by s.account_id, s.contact->>'phone', s.abandoned_at desc, s.id
      limit 100`,
  );
  let sent = 0;
  for (const row of due) {
    const timeZone = row.time_zone || 'UTC';
    const { quietHours } = await messagingSettings(db, row.account_id);
    if (outsideQuietHours(now, quietHours, timeZone).getTime() > now.getTime()) continue;
    const result = await db.transaction(async (transaction) => {
      const tx = transaction as unknown as Db;
      // One shopper's number at a time (two sweeps may each have picked one of their carts):
      // the week's limit is read again under the lock.
      await tx.execute(
        sql`select pg_advisory_xact_lock(hashtext(${`cart-reminder:${row.account_id}:${row.phone}`}))`,
      );
      const [claimed] = await tx
        .update(cartSessions)
        .set({ reminderTextedAt: now })
        .where(
          and(
            eq(cartSessions.accountId, row.account_id),
            eq(cartSessions.id, row.id),
            isNull(cartSessions.reminderTextedAt),
            sql`not exists (select 1 from cart_sessions b
              where b.account_id = ${row.account_id} and b.contact->>'phone' = ${row.phone}
                and b.reminder_texted_at > ${at} - ${ONE_PER_NUMBER})`,
          ),
        )
        .returning({ id: cartSessions.id });
      if (!claimed) return null;
      const start = new Date(row.event_start);
      const party = new URLSearchParams({
        ...partyFields(timeZone, start, new Date(row.event_end)),
        ...(row.postal_code ? { zip: row.postal_code } : {}),
      });
      const day = dateTimeFormat(resolveLocale(row.locale), {
        weekday: 'short',
        month: 'short',
        day: 'numeric',
        timeZone,
      }).format(start);
      const link = `${appUrl.replace(/\/$/, '')}/s/${row.slug}?${party}`;
      return queueAutomatedText(
        tx,
        row.account_id,
        row.phone,
        `${row.name}: still planning your party on ${day}? See what is free for it and book: ${link} Reply STOP to stop texts.`,
        { marketing: false, now },
      );
    });
    if (result?.sent) sent++;
    else if (result)
      logger.info({ cart: row.id, reason: result.reason }, 'Abandoned-cart reminder not sent');
  }
  return sent;
}
