import {
  DEFAULT_WEATHER_POLICY,
  formatMoney,
  limitsForCategories,
  normalizePhone,
  type WeatherBoard,
  type WeatherOfferState,
  type WeatherPolicy,
  type WeatherReason,
  weatherChoiceOf,
  weatherDay,
  weatherOfferText,
  weatherPolicySchema,
  weatherReasons,
} from '@tentpole/domain';
import { and, asc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import { accounts } from '../../auth/tables.js';
import { type Db, queryRows } from '../../db/client.js';
import { AppError, notFound } from '../../http/app-error.js';
import { logger } from '../../logging/logger.js';
import { accountCurrency, accountLocale, accountTimezone } from '../accounts/queries.js';
import type { DeliveryServices } from '../delivery/queries.js';
import { listCategories, ownsAll, productCategoryPaths } from '../inventory/queries.js';
import { addOrderActivity } from '../orders/queries.js';
import {
  cancelForWeather,
  moveOrderForWeather,
  nextFreeDate,
  rainCheckCents,
  type WeatherCandidate,
  weatherCandidates,
} from '../orders/weather-orders/queries.js';
import { queueAutomatedText } from '../phone/texts/queries.js';
import { ForecastError, type Forecasts } from './forecast.js';
import { weatherOffers, weatherPolicies, weatherRisks } from './tables.js';

/** Events starting within the next three days are checked (research §6: decide before loading). */
export const LOOKAHEAD_HOURS = 72;
const HOUR_MS = 3_600_000;

/** Where forecasts come from, and how an address without a pin is placed. */
export type WeatherServices = {
  forecasts: Forecasts;
  geocoder: Pick<DeliveryServices['geocoder'], 'locate'>;
};

const invalid = (fields: Record<string, string[]>) =>
  new AppError('validation_failed', 'Some fields are not valid.', fields);

/** The account's policy; the defaults until it saves one (a stored one that no longer parses too). */
export async function policyOf(db: Db, accountId: string): Promise<WeatherPolicy> {
  const [row] = await db
    .select({ policy: weatherPolicies.policy })
    .from(weatherPolicies)
    .where(eq(weatherPolicies.accountId, accountId));
  const parsed = weatherPolicySchema.safeParse(row?.policy ?? DEFAULT_WEATHER_POLICY);
  return parsed.success ? parsed.data : DEFAULT_WEATHER_POLICY;
}

/** The policy with the account's categories, named, for the settings form. */
export async function policyResponse(db: Db, accountId: string) {
  const categories = await listCategories(db, accountId);
  return {
    policy: await policyOf(db, accountId),
    categories: categories.map((c) => ({ id: c.id, name: c.name })),
  };
}

/** Saves the policy whole; a category rule must name one of the account's categories (400). */
export async function savePolicy(db: Db, accountId: string, policy: WeatherPolicy, userId: string) {
  const ids = policy.categories.map((c) => c.categoryId);
  if (!(await ownsAll(db, accountId, 'category', ids))) {
    const owned = new Set((await listCategories(db, accountId)).map((c) => c.id));
    const fields: Record<string, string[]> = {};
    policy.categories.forEach((c, i) => {
      if (!owned.has(c.categoryId)) fields[`categories.${i}.categoryId`] = ['Unknown category'];
    });
    throw invalid(fields);
  }
  const values = { policy, updatedBy: userId, updatedAt: new Date() };
  await db
    .insert(weatherPolicies)
    .values({ accountId, ...values })
    .onConflictDoUpdate({ target: weatherPolicies.accountId, set: values });
  return policyResponse(db, accountId);
}

const utcDate = (at: number) => new Date(at).toISOString().slice(0, 10);

/**
 * The check: every booked delivery starting in the next three days with a pinned address, its
 * place's hourly forecast (one request per place, ~1 km), against the policy's limits for its
 * items' categories. The account's risks are replaced by what this check found, in one
 * transaction, so a check run twice (two instances, a click during the scheduled run) leaves
 * the same rows. An order whose forecast could not be read keeps its last risk.
 */
export async function checkWeather(
  db: Db,
  accountId: string,
  { forecasts, geocoder }: WeatherServices,
  now: Date,
) {
  const policy = await policyOf(db, accountId);
  const { candidates, unplaced } = await weatherCandidates(
    db,
    accountId,
    now,
    new Date(now.getTime() + LOOKAHEAD_HOURS * HOUR_MS),
  );
  const paths = await productCategoryPaths(
    db,
    accountId,
    candidates.flatMap((c) => c.productIds),
  );
  const names = new Map((await listCategories(db, accountId)).map((c) => [c.id, c.name]));

  // Each place once: the staff's pin, else where the delivery geocoder puts the address (the
  // ZIP code's centre without GEOCODER_URL), as the delivery day places its stops.
  const places = new Map<string, (WeatherCandidate & { lat: number; lng: number })[]>();
  let unlocated = 0;
  for (const c of candidates) {
    const point = c.pin ?? (await geocoder.locate(c.place).catch(() => null));
    if (!point) {
      unlocated += 1;
      continue;
    }
    const key = `${point.lat.toFixed(2)},${point.lng.toFixed(2)}`;
    places.set(key, [...(places.get(key) ?? []), { ...c, lat: point.lat, lng: point.lng }]);
  }
  const flagged: { orderId: string; eventStart: Date; reasons: WeatherReason[]; worstAt: Date }[] =
    [];
  const failed: string[] = [];
  for (const group of places.values()) {
    const first = group[0] as (typeof group)[number];
    try {
      const hours = await forecasts.hourly(
        { lat: first.lat, lng: first.lng },
        utcDate(Math.min(...group.map((c) => c.eventStart.getTime()))),
        utcDate(Math.max(...group.map((c) => c.eventEnd.getTime() - 1))),
      );
      for (const c of group) {
        const { limits, from } = limitsForCategories(
          policy,
          c.productIds.map((id) => paths.get(id) ?? []),
          names,
        );
        const reasons = weatherReasons(
          hours,
          { start: c.eventStart.getTime(), end: c.eventEnd.getTime() },
          limits,
          from,
        );
        if (reasons.length === 0) continue;
        const worst = reasons.map((r) => Date.parse(r.at)).sort((a, b) => a - b)[0] as number;
        flagged.push({
          orderId: c.orderId,
          eventStart: c.eventStart,
          reasons,
          worstAt: new Date(worst),
        });
      }
    } catch (error) {
      if (!(error instanceof ForecastError)) throw error;
      logger.warn({ err: error, accountId }, 'Weather: a forecast could not be read');
      failed.push(...group.map((c) => c.orderId));
    }
  }
  await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    await tx
      .delete(weatherRisks)
      .where(
        and(
          eq(weatherRisks.accountId, accountId),
          ...(failed.length > 0 ? [notInArray(weatherRisks.orderId, failed)] : []),
        ),
      );
    if (flagged.length > 0)
      await tx
        .insert(weatherRisks)
        .values(flagged.map((f) => ({ accountId, ...f, checkedAt: now })))
        .onConflictDoUpdate({
          target: weatherRisks.orderId,
          set: {
            eventStart: sql`excluded.event_start`,
            reasons: sql`excluded.reasons`,
            worstAt: sql`excluded.worst_at`,
            checkedAt: sql`excluded.checked_at`,
          },
        });
    const checked = { checkedAt: now, checkedOrders: candidates.length };
    await tx
      .insert(weatherPolicies)
      .values({ accountId, ...checked })
      .onConflictDoUpdate({ target: weatherPolicies.accountId, set: checked });
  });
  return {
    checkedOrders: candidates.length,
    flagged: flagged.length,
    skipped: unplaced + unlocated + failed.length,
  };
}

/** The board: the last check's at-risk orders, worst first by time, each with its offer. */
export async function weatherBoard(db: Db, accountId: string, now: Date): Promise<WeatherBoard> {
  const [run] = await db
    .select({ checkedAt: weatherPolicies.checkedAt, checkedOrders: weatherPolicies.checkedOrders })
    .from(weatherPolicies)
    .where(eq(weatherPolicies.accountId, accountId));
  const rows = await queryRows<{
    order_id: string;
    number: number;
    status: string;
    customer_name: string;
    phone_number: string | null;
    risk_start: string | Date;
    event_start: string | Date;
    event_end: string | Date;
    address: { line1: string; city: string; region: string; postalCode: string } | null;
    total_cents: number;
    reasons: WeatherReason[];
    worst_at: string | Date;
    checked_at: string | Date;
    offer_state: WeatherOfferState | null;
    offer_note: string | null;
    move_to: string | Date | null;
    credit_cents: number | null;
    sent_at: string | Date | null;
    replied_at: string | Date | null;
  }>(
    db,
    sql`select r.order_id, o.number, o.status, c.first_name || ' ' || c.last_name as customer_name,
        c.phone_number, r.event_start as risk_start, o.event_start, o.event_end, o.address,
        o.total_cents, r.reasons, r.worst_at, r.checked_at,
        f.state as offer_state, f.note as offer_note, f.move_to, f.credit_cents, f.sent_at, f.replied_at
      from weather_risks r
      join orders o on o.id = r.order_id and o.account_id = r.account_id
      join customers c on c.id = o.customer_id
      left join weather_offers f on f.order_id = r.order_id and f.event_start = r.event_start
      where r.account_id = ${accountId} and r.event_start > ${new Date(now.getTime() - 12 * HOUR_MS)}
      order by r.event_start, o.number`,
  );
  const iso = (v: string | Date) => new Date(v).toISOString();
  return {
    timeZone: await accountTimezone(db, accountId),
    checkedAt: run?.checkedAt?.toISOString() ?? null,
    checkedOrders: run?.checkedOrders ?? 0,
    lookaheadHours: LOOKAHEAD_HOURS,
    risks: rows.map((r) => ({
      orderId: r.order_id,
      orderNumber: r.number,
      status: r.status,
      customerName: r.customer_name,
      customerPhone: r.phone_number,
      eventStart: iso(r.event_start),
      eventEnd: iso(r.event_end),
      address: r.address
        ? `${r.address.line1}, ${r.address.city}, ${r.address.region} ${r.address.postalCode}`
        : '',
      totalCents: r.total_cents,
      reasons: r.reasons,
      worstAt: iso(r.worst_at),
      checkedAt: iso(r.checked_at),
      offer: r.offer_state
        ? {
            state: r.offer_state,
            note: r.offer_note,
            moveTo: r.move_to ? iso(r.move_to) : null,
            creditCents: r.credit_cents ?? 0,
            sentAt: r.sent_at ? iso(r.sent_at) : null,
            repliedAt: r.replied_at ? iso(r.replied_at) : null,
          }
        : null,
    })),
  };
}

async function accountName(db: Db, accountId: string) {
  const [row] = await db
    .select({ name: accounts.name })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  return row?.name ?? '';
}

/**
 * One click: each flagged order (still booked, on the date the risk was read for) not yet
 * offered gets its text. The offer row and the text (with its send job) are written in one
 * transaction, and the offer is unique per order and date: two clicks, or two servers, text
 * each customer once. STOP and an account without texting are honoured: the offer is kept as
 * not texted, with the reason.
 */
export async function sendWeatherOffers(
  db: Db,
  accountId: string,
  userId: string,
  orderIds: readonly string[] | undefined,
  now: Date,
) {
  const risks = await db
    .select({
      orderId: weatherRisks.orderId,
      eventStart: weatherRisks.eventStart,
      reasons: weatherRisks.reasons,
    })
    .from(weatherRisks)
    .where(
      and(
        eq(weatherRisks.accountId, accountId),
        sql`${weatherRisks.eventStart} > ${now}`,
        sql`exists (select 1 from orders o where o.id = ${weatherRisks.orderId}
          and o.status in ('reserved', 'confirmed') and o.event_start = ${weatherRisks.eventStart})`,
        ...(orderIds
          ? [inArray(weatherRisks.orderId, [...orderIds, '00000000-0000-0000-0000-000000000000'])]
          : []),
      ),
    )
    .orderBy(asc(weatherRisks.eventStart));
  const offered = new Set(
    (
      await db
        .select({ orderId: weatherOffers.orderId, eventStart: weatherOffers.eventStart })
        .from(weatherOffers)
        .where(eq(weatherOffers.accountId, accountId))
    ).map((o) => `${o.orderId}:${o.eventStart.getTime()}`),
  );
  const timeZone = await accountTimezone(db, accountId);
  const currency = await accountCurrency(db, accountId);
  const locale = await accountLocale(db, accountId);
  const businessName = await accountName(db, accountId);
  const result = { texted: 0, notSent: 0, alreadyTexted: 0 };
  for (const risk of risks) {
    if (offered.has(`${risk.orderId}:${risk.eventStart.getTime()}`)) {
      result.alreadyTexted += 1;
      continue;
    }
    const [customer] = await queryRows<{ phone_number: string | null }>(
      db,
      sql`select c.phone_number from orders o join customers c on c.id = o.customer_id
        where o.id = ${risk.orderId} and o.account_id = ${accountId}`,
    );
    const move = await nextFreeDate(db, accountId, risk.orderId, timeZone, now);
    const credit = await rainCheckCents(db, accountId, risk.orderId);
    const body = weatherOfferText({
      businessName,
      reasons: risk.reasons,
      eventStart: risk.eventStart.toISOString(),
      moveTo: move?.eventStart ?? null,
      credit: credit > 0 ? formatMoney(credit, currency, locale) : null,
      timeZone,
      locale,
    });
    const phone = customer?.phone_number ? normalizePhone(customer.phone_number) : null;
    const outcome = await db.transaction(async (transaction) => {
      const tx = transaction as unknown as Db;
      const [offer] = await tx
        .insert(weatherOffers)
        .values({
          accountId,
          orderId: risk.orderId,
          eventStart: risk.eventStart,
          phoneNumber: phone,
          state: 'not_sent',
          reasons: risk.reasons,
          moveTo: move ? new Date(move.eventStart) : null,
          moveDays: move?.days ?? null,
          creditCents: credit,
          sentBy: userId,
        })
        .onConflictDoNothing({ target: [weatherOffers.orderId, weatherOffers.eventStart] })
        .returning({ id: weatherOffers.id });
      if (!offer) return 'already' as const;
      const queued = phone
        ? await queueAutomatedText(tx, accountId, phone, body, {
            marketing: false,
            now,
            sentByUserId: userId,
          })
        : ({ sent: false, reason: 'The customer has no phone number.' } as const);
      await tx
        .update(weatherOffers)
        .set(
          queued.sent
            ? { state: 'pending', messageId: queued.messageId, sentAt: now }
            : { state: 'not_sent', note: queued.reason },
        )
        .where(eq(weatherOffers.id, offer.id));
      await addOrderActivity(
        tx,
        accountId,
        risk.orderId,
        'weather',
        {
          text: queued.sent
            ? `Weather: options texted to the customer (${body})`
            : `Weather: options not texted: ${queued.reason}`,
        },
        userId,
      );
      return queued.sent ? ('texted' as const) : ('not_sent' as const);
    });
    if (outcome === 'already') result.alreadyTexted += 1;
    else if (outcome === 'texted') result.texted += 1;
    else result.notSent += 1;
  }
  return result;
}

export type ReplyOutcome =
  | { applied: false; reason: string }
  | { applied: true; state: WeatherOfferState; note: string | null };

type OfferRow = typeof weatherOffers.$inferSelect;

/**
 * A customer's reply "1", "2" or "3" from the number an offer was texted to (their oldest open
 * offer first). The offer is claimed first (one reply wins, a second is not applied on top of
 * it), the choice applied through the orders feature, then the outcome, its text back and the
 * order's activity written in one transaction.
 */
export async function applyWeatherReply(
  db: Db,
  reply: { accountId: string; messageId: string; phoneNumber: string; body: string },
  now: Date,
): Promise<ReplyOutcome> {
  const choice = weatherChoiceOf(reply.body);
  if (!choice) return { applied: false, reason: 'not a choice' };
  const phone = normalizePhone(reply.phoneNumber);
  // A retry of this very reply after a crash finds the offer it claimed.
  const [retry] = await db
    .select()
    .from(weatherOffers)
    .where(
      and(
        eq(weatherOffers.accountId, reply.accountId),
        eq(weatherOffers.replyMessageId, reply.messageId),
        eq(weatherOffers.state, 'applying'),
      ),
    );
  const claimed =
    retry ??
    (await queryRows<{ id: string }>(
      db,
      sql`update weather_offers set state = 'applying', reply_message_id = ${reply.messageId},
            replied_at = ${now}
          where id = (select id from weather_offers where account_id = ${reply.accountId}
            and phone_number = ${phone} and state in ('pending', 'move_failed')
            and event_start > ${new Date(now.getTime() - 12 * HOUR_MS)}
            order by event_start limit 1)
          and state in ('pending', 'move_failed')
          returning id`,
    ).then(async ([row]) =>
      row
        ? (
            await db.select().from(weatherOffers).where(eq(weatherOffers.id, row.id))
          )[0]
        : undefined,
    ));
  if (!claimed) return { applied: false, reason: 'no open weather offer for this number' };
  return applyChoice(db, claimed, choice, now, null);
}

/**
 * Staff apply a customer's choice for them (they called instead of texting): the same path as
 * a text reply, the offer claimed the same way. 404: not the account's order; 409: no open offer.
 */
export async function applyChoiceForCustomer(
  db: Db,
  accountId: string,
  orderId: string,
  choice: 1 | 2 | 3,
  userId: string,
  now: Date,
) {
  const [order] = await queryRows<{ id: string }>(
    db,
    sql`select id from orders where id = ${orderId} and account_id = ${accountId}`,
  );
  if (!order) throw notFound('Order');
  const [row] = await queryRows<{ id: string }>(
    db,
    sql`update weather_offers set state = 'applying', replied_at = ${now}
      where id = (select id from weather_offers where account_id = ${accountId}
        and order_id = ${orderId} and state in ('pending', 'move_failed', 'not_sent')
        order by event_start desc limit 1)
      and state in ('pending', 'move_failed', 'not_sent')
      returning id`,
  );
  if (!row) throw new AppError('conflict', 'This order has no open weather offer.');
  const [offer] = await db.select().from(weatherOffers).where(eq(weatherOffers.id, row.id));
  const outcome = await applyChoice(db, offer as OfferRow, choice, now, userId);
  if (!outcome.applied) throw new AppError('conflict', outcome.reason);
  return outcome;
}

async function applyChoice(
  db: Db,
  offer: OfferRow,
  choice: 1 | 2 | 3,
  now: Date,
  userId: string | null,
): Promise<ReplyOutcome> {
  const { accountId, orderId } = offer;
  const timeZone = await accountTimezone(db, accountId);
  const currency = await accountCurrency(db, accountId);
  const locale = await accountLocale(db, accountId);
  const businessName = await accountName(db, accountId);
  const day = weatherDay(offer.eventStart, timeZone, locale);
  const by = userId ? 'staff, for the customer' : 'the customer, by text';
  let state: WeatherOfferState;
  let note: string | null = null;
  let answer: string;
  let activity: string;
  if (choice === 1) {
    state = 'kept';
    answer = `${businessName}: thanks! Your party on ${day} stays as booked. We will be in touch if the weather changes.`;
    activity = `Weather: kept the date (reply 1, ${by})`;
  } else if (choice === 2 && (!offer.moveTo || offer.moveDays === null)) {
    state = offer.state === 'applying' ? 'pending' : offer.state;
    note = 'There was no free date to move to.';
    answer = `${businessName}: sorry, we have no free date to move your party to. Reply 1 to keep ${day} or 3 for the rain-check credit.`;
    activity = `Weather: asked to move, but no date was free (${by})`;
  } else if (choice === 2) {
    const moved = await moveOrderForWeather(
      db,
      accountId,
      orderId,
      { eventStart: offer.eventStart.toISOString(), to: (offer.moveTo as Date).toISOString() },
      offer.moveDays as number,
      timeZone,
      now,
    );
    const newDay = weatherDay(offer.moveTo as Date, timeZone, locale);
    if (moved.moved) {
      state = 'moved';
      const difference = moved.toTotal - moved.fromTotal;
      const price =
        difference === 0
          ? 'The price is the same.'
          : `The new total is ${formatMoney(moved.toTotal, currency, locale)} (${difference > 0 ? `${formatMoney(difference, currency, locale)} more` : `${formatMoney(-difference, currency, locale)} less`}); your balance is ${formatMoney(moved.balance, currency, locale)}.`;
      note = `Moved from ${day} to ${newDay}. ${price}`;
      answer = `${businessName}: done, your party is moved to ${newDay}. ${price}`;
      activity = `Weather: moved from ${day} to ${newDay} (reply 2, ${by}); total ${formatMoney(moved.fromTotal, currency, locale)} → ${formatMoney(moved.toTotal, currency, locale)}`;
    } else {
      state = 'move_failed';
      note = `${newDay} is no longer free: ${moved.reason}`;
      answer = `${businessName}: sorry, ${newDay} is no longer free. Your party stays on ${day} for now and we will call you about another date. You can also reply 1 to keep it or 3 for the rain-check credit.`;
      activity = `Weather: could not move to ${newDay} (reply 2, ${by}): ${moved.reason}`;
    }
  } else {
    const cancelled = await cancelForWeather(
      db,
      accountId,
      orderId,
      `Weather: rain check (reply 3, ${by})`,
      now,
    );
    if (cancelled.cancelled) {
      state = 'credited';
      const credit = await creditGiven(db, accountId, orderId);
      note =
        credit > 0
          ? `${formatMoney(credit, currency, locale)} rain-check credit`
          : 'Cancelled, nothing paid';
      answer =
        credit > 0
          ? `${businessName}: your party on ${day} is cancelled and ${formatMoney(credit, currency, locale)} is on your account as a rain-check credit for your next booking.`
          : `${businessName}: your party on ${day} is cancelled, at no charge. We hope to see you another day!`;
      activity = `Weather: cancelled with a rain-check credit (reply 3, ${by})`;
    } else {
      state = 'move_failed';
      note = `Could not cancel: ${cancelled.reason}`;
      answer = `${businessName}: we could not cancel your party online; we will call you.`;
      activity = `Weather: could not cancel (reply 3, ${by}): ${cancelled.reason}`;
    }
  }
  await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const updated = await tx
      .update(weatherOffers)
      .set({ state, note, repliedAt: now })
      .where(and(eq(weatherOffers.id, offer.id), eq(weatherOffers.state, 'applying')))
      .returning({ id: weatherOffers.id });
    if (updated.length === 0) return;
    await addOrderActivity(tx, accountId, orderId, 'weather', { text: activity }, userId);
    if (offer.phoneNumber)
      await queueAutomatedText(tx, accountId, offer.phoneNumber, answer, {
        marketing: false,
        now,
        sentByUserId: userId,
      });
  });
  return { applied: true, state, note };
}

/** The rain-check credit the cancellation gave (the store credit issued on this order). */
async function creditGiven(db: Db, accountId: string, orderId: string) {
  const [row] = await queryRows<{ cents: number }>(
    db,
    sql`select coalesce(sum(amount_cents), 0)::int as cents from customer_credits
      where account_id = ${accountId} and order_id = ${orderId} and amount_cents > 0`,
  );
  return row?.cents ?? 0;
}
