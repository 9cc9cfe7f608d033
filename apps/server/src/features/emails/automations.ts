import {
  type AutomationInput,
  type AutomationRule,
  appliesTo,
  DEFAULT_AUTOMATIONS,
  describeTiming,
  dueAt,
  dueMayFallWithin,
  isTemplateKey,
  type OrderFacts,
  orderStatusLabel,
  outsideQuietHours,
  type QuietHours,
  TEXT_MESSAGE_MAX,
} from '@tentpole/domain';
import { and, asc, eq, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { AppError, notFound } from '../../http/app-error.js';
import { publish } from '../../realtime/event-hub.js';
import { accountTimezone } from '../accounts/queries.js';
import { addOrderActivity } from '../orders/queries.js';
import { queueAutomatedText } from '../phone/texts/queries.js';
import { businessFacts, orderMessageContext, renderFor } from './order-messages.js';
import { oneOrderFacts, orderFacts, ordersToPlan, queueEmail } from './queries.js';
import { automations, orderMessageMutes, orderMessagePlans, scheduledMessages } from './tables.js';
import { accountTemplate } from './templates.js';

/** A message due longer ago than this (the app was down, the order was entered late) is not sent. */
export const LATE_GRACE_MS = 12 * 3_600_000;

type AutomationRow = typeof automations.$inferSelect;

const ruleOf = (a: AutomationRow): AutomationRule & { templateKey: string } => ({
  trigger: a.trigger as AutomationRule['trigger'],
  offsetAmount: a.offsetAmount,
  offsetUnit: a.offsetUnit as AutomationRule['offsetUnit'],
  atTime: a.atTime,
  channel: a.channel,
  statuses: a.statuses as AutomationRule['statuses'],
  fulfilment: a.fulfilment,
  tags: a.tags,
  templateKey: a.templateKey,
});

export const automationBody = (a: AutomationRow) => ({
  id: a.id,
  key: a.key,
  name: a.name,
  ...ruleOf(a),
  templateKey: a.templateKey as AutomationInput['templateKey'],
  enabled: a.enabled,
  timing: describeTiming(ruleOf(a)),
  updatedAt: a.updatedAt.toISOString(),
});

/** A rebook months later is marketing: by text it needs the customer's consent (§8). */
const isMarketing = (a: { templateKey: string; offsetUnit: string; trigger: string }) =>
  a.templateKey === 'rebook' || (a.trigger === 'after_event' && a.offsetUnit === 'months');

/** The shipped automations, made once per account (turned off, never deleted). */
export async function ensureDefaultAutomations(db: Db, accountId: string) {
  // Asked on every read of the automations: a look at the keys is a fraction of an insert that
  // meets its eight conflicts (2-5 ms), which is left for an account that misses one (a new
  // account, or a shipped automation added by a release).
  const present = await db
    .select({ key: automations.key })
    .from(automations)
    .where(and(eq(automations.accountId, accountId), isNotNull(automations.key)));
  const keys = new Set(present.map((row) => row.key));
  if (DEFAULT_AUTOMATIONS.every((a) => keys.has(a.key))) return;
  await db
    .insert(automations)
    .values(DEFAULT_AUTOMATIONS.map(({ key, ...rule }) => ({ accountId, key, ...rule })))
    .onConflictDoNothing({ target: [automations.accountId, automations.key] });
}

export async function listAutomations(db: Db, accountId: string) {
  await ensureDefaultAutomations(db, accountId);
  const rows = await db
    .select()
    .from(automations)
    .where(eq(automations.accountId, accountId))
    .orderBy(asc(automations.createdAt), asc(automations.name));
  return rows.map(automationBody);
}

/** Every order of the account is planned again (a rule changed); the sweep does it in turns. */
async function replanAccount(db: Db, accountId: string) {
  await db.delete(orderMessagePlans).where(eq(orderMessagePlans.accountId, accountId));
}

export async function createAutomation(db: Db, accountId: string, input: AutomationInput) {
  const [row] = await db
    .insert(automations)
    .values({ accountId, key: null, ...input })
    .returning();
  await replanAccount(db, accountId);
  return automationBody(row as AutomationRow);
}

export async function updateAutomation(
  db: Db,
  accountId: string,
  id: string,
  input: AutomationInput,
  now: Date,
) {
  const [row] = await db
    .update(automations)
    .set({ ...input, updatedAt: now })
    .where(and(eq(automations.accountId, accountId), eq(automations.id, id)))
    .returning();
  if (!row) throw notFound('Automation');
  await replanAccount(db, accountId);
  return automationBody(row);
}

export async function deleteAutomation(db: Db, accountId: string, id: string) {
  const [row] = await db
    .select({ key: automations.key })
    .from(automations)
    .where(and(eq(automations.accountId, accountId), eq(automations.id, id)));
  if (!row) throw notFound('Automation');
  if (row.key)
    throw new AppError('conflict', 'A shipped automation can be turned off, not deleted.');
  await db
    .delete(automations)
    .where(and(eq(automations.accountId, accountId), eq(automations.id, id)));
}

/** Why a planned message no longer goes, in words for the outbox. */
function whyNot(automation: AutomationRow, facts: OrderFactsLike | null, due: Date | null) {
  if (!facts) return 'The order is gone.';
  if (!automation.enabled) return 'The automation was turned off.';
  if (facts.muted) return 'Automated messages are muted on this order.';
  if (facts.status === 'cancelled') return 'The order was cancelled.';
  if (!due) return `The order is ${orderStatusLabel(facts.status)}.`;
  if (automation.trigger === 'balance_due' && facts.balance <= 0) return 'Nothing is due any more.';
  return `Not for this order as it is now (${orderStatusLabel(facts.status)}).`;
}

type OrderFactsLike = OrderFacts & { muted: boolean; updatedAt: Date };

/** When the automation's message is due for the order as it is now, or null when it is not for it. */
function desiredDue(
  automation: AutomationRow,
  facts: OrderFactsLike | null,
  timeZone: string,
): Date | null {
  if (!facts || !automation.enabled || facts.muted || facts.status === 'cancelled') return null;
  const rule = ruleOf(automation);
  if (!appliesTo(rule, facts)) return null;
  return dueAt(rule, facts, timeZone);
}

/**
 * Plans one order's automated messages for the order as it is now: a row per automation that
 * applies (made, or moved when the order's dates moved), pending rows that no longer apply
 * cancelled with the reason, sent rows never touched. The plan row is written in the same
 * transaction, locked first, so two instances planning one order take turns.
 */
export async function planOrder(db: Db, accountId: string, orderId: string, now: Date) {
  await ensureDefaultAutomations(db, accountId);
  const business = await businessFacts(db, accountId);
  const facts = await oneOrderFacts(db, accountId, orderId);
  if (!facts) return;
  const rules = await db.select().from(automations).where(eq(automations.accountId, accountId));
  await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    await tx
      .insert(orderMessagePlans)
      .values({ orderId, accountId, orderUpdatedAt: facts.updatedAt, plannedAt: now })
      .onConflictDoUpdate({
        target: orderMessagePlans.orderId,
        set: { orderUpdatedAt: facts.updatedAt, plannedAt: now },
      });
    const existing = await tx
      .select()
      .from(scheduledMessages)
      .where(and(eq(scheduledMessages.orderId, orderId), eq(scheduledMessages.occurrence, 'once')))
      .for('update');
    for (const automation of rules) {
      const row = existing.find((r) => r.automationId === automation.id);
      const due = desiredDue(automation, facts, business.timeZone);
      const wanted = due !== null && !tooLate(due, business, now);
      if (wanted && !row) {
        await tx
          .insert(scheduledMessages)
          .values({
            accountId,
            automationId: automation.id,
            orderId,
            channel: automation.channel,
            dueAt: due,
          })
          .onConflictDoNothing();
      } else if (
        wanted &&
        row &&
        (row.status === 'cancelled' ||
          (row.status === 'pending' &&
            (row.dueAt.getTime() !== due.getTime() || row.channel !== automation.channel)))
      ) {
        // Moved with the order (rescheduled), or applies again (un-muted).
        await tx
          .update(scheduledMessages)
          .set({
            status: 'pending',
            dueAt: due,
            channel: automation.channel,
            reason: null,
            updatedAt: now,
          })
          .where(eq(scheduledMessages.id, row.id));
      } else if (!wanted && row?.status === 'pending') {
        const reason =
          due && tooLate(due, business, now)
            ? 'Its time has passed.'
            : whyNot(automation, facts, due);
        await tx
          .update(scheduledMessages)
          .set({ status: 'cancelled', reason, updatedAt: now })
          .where(eq(scheduledMessages.id, row.id));
      }
    }
  });
}

/**
 * Whether a message due at `due` is too late to send at `now`. Lateness counts from when it
 * could first be sent: a text due in quiet hours waits for their end, however long they are
 * (a 20:00–09:00 window is 13 hours, longer than the grace), and is not late for that wait.
 */
function tooLate(
  due: Date,
  business: { timeZone: string; settings: { quietHours: QuietHours } },
  now: Date,
): boolean {
  const sendable = outsideQuietHours(due, business.settings.quietHours, business.timeZone);
  return sendable.getTime() < now.getTime() - LATE_GRACE_MS;
}

/** The sweep's planning half: orders changed since they were last planned, a batch at a time. */
export async function planChangedOrders(db: Db, now: Date, limit = 200) {
  const due = await ordersToPlan(db, now, limit);
  for (const order of due) await planOrder(db, order.account_id, order.id, now);
  return due.length;
}

export type SendDeps = { appUrl: string };

/**
 * The sweep's sending half: every pending message whose time has come is claimed (the row
 * locked, skipped by any other instance), checked against the order as it is now (cancelled,
 * moved, muted, quiet hours: deferred to their end in the account's timezone), and then its
 * e-mail or text is queued and the row marked sent in one transaction. A crash before the
 * commit leaves it pending for the next round; after it, the durable queue sends it once.
 */
export async function sendDueMessages(db: Db, deps: SendDeps, now: Date, limit = 100) {
  const due = await db
    .select({ id: scheduledMessages.id })
    .from(scheduledMessages)
    .where(and(eq(scheduledMessages.status, 'pending'), lte(scheduledMessages.dueAt, now)))
    .orderBy(asc(scheduledMessages.dueAt))
    .limit(limit);
  let sent = 0;
  for (const { id } of due) if (await sendOne(db, deps, id, now)) sent += 1;
  return sent;
}

async function sendOne(db: Db, deps: SendDeps, id: string, now: Date): Promise<boolean> {
  const [peek] = await db
    .select({
      accountId: scheduledMessages.accountId,
      orderId: scheduledMessages.orderId,
      automation: automations,
    })
    .from(scheduledMessages)
    .innerJoin(automations, eq(automations.id, scheduledMessages.automationId))
    .where(and(eq(scheduledMessages.id, id), eq(scheduledMessages.status, 'pending')));
  if (!peek) return false;
  const { accountId, orderId, automation } = peek;
  const business = await businessFacts(db, accountId);
  const facts = await oneOrderFacts(db, accountId, orderId);
  const templateKey = isTemplateKey(automation.templateKey) ? automation.templateKey : null;
  const template = templateKey ? await accountTemplate(db, accountId, templateKey) : null;
  const due = desiredDue(automation, facts, business.timeZone);
  const ready = due !== null && due.getTime() <= now.getTime() + 60_000;
  const quietUntil = outsideQuietHours(now, business.settings.quietHours, business.timeZone);
  // Render (and make the order page link) only for a message that goes now.
  const context =
    ready && template && quietUntil.getTime() <= now.getTime()
      ? await orderMessageContext(
          db,
          accountId,
          orderId,
          business,
          { make: true, appUrl: deps.appUrl },
          template,
        )
      : null;

  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const [row] = await tx
      .select()
      .from(scheduledMessages)
      .where(and(eq(scheduledMessages.id, id), eq(scheduledMessages.status, 'pending')))
      .for('update', { skipLocked: true });
    if (!row) return false;
    const set = (values: Partial<typeof scheduledMessages.$inferInsert>) =>
      tx
        .update(scheduledMessages)
        .set({ ...values, updatedAt: now })
        .where(eq(scheduledMessages.id, id));
    if (due === null) {
      await set({ status: 'cancelled', reason: whyNot(automation, facts, due) });
      return false;
    }
    if (!ready) {
      // The order moved since it was planned: the message moves with it.
      await set({ dueAt: due });
      return false;
    }
    if (tooLate(due, business, now)) {
      await set({ status: 'skipped', reason: 'Its time had passed before it could be sent.' });
      return false;
    }
    if (quietUntil.getTime() > now.getTime()) {
      await set({
        dueAt: quietUntil,
        reason: `Held for quiet hours (${business.settings.quietHours.start}–${business.settings.quietHours.end}).`,
      });
      return false;
    }
    if (!context || !template) {
      await set({ status: 'skipped', reason: 'The order or its template is gone.' });
      return false;
    }
    const rendered = renderFor(template, context.values, business, deps.appUrl);
    const name = automation.name;
    if (automation.channel === 'email') {
      if (!context.customer.email) {
        await set({ status: 'skipped', reason: 'The customer has no e-mail address.' });
        return false;
      }
      const emailId = await queueEmail(tx, {
        accountId,
        orderId,
        customerId: context.customer.id,
        kind: `automation:${automation.key ?? automation.id}`,
        to: context.customer.email,
        subject: rendered.subject,
        html: rendered.html,
        text: rendered.text,
      });
      await set({ status: 'sent', sentAt: now, emailId, reason: null });
      await addOrderActivity(tx, accountId, orderId, 'message_sent', {
        automation: name,
        channel: 'email',
        to: context.customer.email,
        subject: rendered.subject,
      });
    } else {
      if (!context.customer.phoneNumber) {
        await set({ status: 'skipped', reason: 'The customer has no phone number.' });
        return false;
      }
      const text = await queueAutomatedText(
        tx,
        accountId,
        context.customer.phoneNumber,
        rendered.text.slice(0, TEXT_MESSAGE_MAX),
        { marketing: isMarketing(automation), now },
      );
      if (!text.sent) {
        await set({ status: 'skipped', reason: text.reason });
        return false;
      }
      await set({ status: 'sent', sentAt: now, textMessageId: text.messageId, reason: null });
      await addOrderActivity(tx, accountId, orderId, 'message_sent', {
        automation: name,
        channel: 'text',
        to: context.customer.phoneNumber,
      });
    }
    await publish(tx, accountId, { type: 'order.updated', orderId });
    return true;
  });
}

/** Muting stops every automated message to the order's customer; un-muting plans them again. */
export async function setOrderMuted(
  db: Db,
  accountId: string,
  orderId: string,
  muted: boolean,
  userId: string,
  now: Date,
) {
  await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    if (muted)
      await tx
        .insert(orderMessageMutes)
        .values({ orderId, accountId, mutedBy: userId, mutedAt: now })
        .onConflictDoNothing();
    else
      await tx
        .delete(orderMessageMutes)
        .where(
          and(eq(orderMessageMutes.orderId, orderId), eq(orderMessageMutes.accountId, accountId)),
        );
    await addOrderActivity(
      tx,
      accountId,
      orderId,
      muted ? 'messages_muted' : 'messages_unmuted',
      {},
      userId,
    );
  });
  await planOrder(db, accountId, orderId, now);
}

export async function orderScheduled(db: Db, accountId: string, orderId: string) {
  const rows = await scheduledRows(
    db,
    and(eq(scheduledMessages.accountId, accountId), eq(scheduledMessages.orderId, orderId)),
  );
  const [mute] = await db
    .select({ orderId: orderMessageMutes.orderId })
    .from(orderMessageMutes)
    .where(and(eq(orderMessageMutes.accountId, accountId), eq(orderMessageMutes.orderId, orderId)));
  return { muted: Boolean(mute), scheduled: rows };
}

/** The account's automated messages waiting for their time, soonest first. */
export function upcomingMessages(db: Db, accountId: string, limit = 50) {
  return scheduledRows(
    db,
    and(eq(scheduledMessages.accountId, accountId), eq(scheduledMessages.status, 'pending')),
    limit,
  );
}

async function scheduledRows(db: Db, where: ReturnType<typeof and>, limit = 100) {
  const rows = await db
    .select({
      id: scheduledMessages.id,
      automationId: scheduledMessages.automationId,
      automationName: automations.name,
      channel: scheduledMessages.channel,
      dueAt: scheduledMessages.dueAt,
      status: scheduledMessages.status,
      reason: scheduledMessages.reason,
      orderId: scheduledMessages.orderId,
      sentAt: scheduledMessages.sentAt,
    })
    .from(scheduledMessages)
    .innerJoin(automations, eq(automations.id, scheduledMessages.automationId))
    .where(where)
    .orderBy(asc(scheduledMessages.dueAt))
    .limit(limit);
  if (rows.length === 0) return [];
  const facts = await orderFacts(
    db,
    sql`o.id in (${sql.join(
      [...new Set(rows.map((r) => r.orderId))].map((id) => sql`${id}::uuid`),
      sql`, `,
    )})`,
  );
  return rows.map((r) => {
    const order = facts.find((f) => f.id === r.orderId);
    return {
      ...r,
      dueAt: r.dueAt.toISOString(),
      sentAt: r.sentAt?.toISOString() ?? null,
      orderNumber: order?.number ?? 0,
      customerName: order?.customerName ?? '',
    };
  });
}

/**
 * "What would this send this week": for each enabled automation (or one being edited), the
 * orders it would write to in the next seven days as they stand now, soonest first.
 */
export async function weekPreview(
  db: Db,
  accountId: string,
  now: Date,
  draft: (AutomationInput & { name: string }) | null,
) {
  await ensureDefaultAutomations(db, accountId);
  // Only the timezone: the business facts are six queries, and a preview is asked on every edit.
  const timeZone = await accountTimezone(db, accountId);
  const rules: (AutomationRule & { id: string | null; name: string })[] = draft
    ? [{ ...draft, id: null }]
    : (
        await db
          .select()
          .from(automations)
          .where(and(eq(automations.accountId, accountId), eq(automations.enabled, true)))
      ).map((a) => ({ ...ruleOf(a), id: a.id, name: a.name }));
  const to = new Date(now.getTime() + 7 * 86_400_000);
  const candidates = await orderFacts(
    db,
    sql`o.account_id = ${accountId} and o.status not in ('draft', 'cancelled')
      and coalesce(o.event_end, o.event_date::timestamptz) > ${now}::timestamptz - interval '13 months'
      and not exists (select 1 from order_message_mutes m where m.order_id = o.id)`,
  );
  const sent = new Set(
    (
      await db
        .select({
          orderId: scheduledMessages.orderId,
          automationId: scheduledMessages.automationId,
        })
        .from(scheduledMessages)
        .where(
          and(
            eq(scheduledMessages.accountId, accountId),
            inArray(scheduledMessages.status, ['sent', 'skipped']),
          ),
        )
    ).map((r) => `${r.automationId}:${r.orderId}`),
  );
  const messages = [];
  for (const rule of rules)
    for (const order of candidates) {
      if (!appliesTo(rule, order) || !dueMayFallWithin(rule, order, now, to)) continue;
      const due = dueAt(rule, order, timeZone);
      if (!due || due < now || due > to) continue;
      if (rule.id && sent.has(`${rule.id}:${order.id}`)) continue;
      messages.push({
        automationName: rule.name,
        channel: rule.channel,
        dueAt: due.toISOString(),
        orderId: order.id,
        orderNumber: order.number,
        customerName: order.customerName,
      });
    }
  messages.sort((a, b) => a.dueAt.localeCompare(b.dueAt) || a.orderNumber - b.orderNumber);
  return { from: now.toISOString(), to: to.toISOString(), messages: messages.slice(0, 500) };
}
