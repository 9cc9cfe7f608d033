import {
  accountSlug,
  DEFAULT_TEXT_BACK_SETTINGS,
  dateTimeFormat,
  isWithinHours,
  localDate,
  renderTextBack,
  resolveLocale,
  type TextBackSettings,
  type TextBackValues,
  textBackCase,
  textBackSettingsSchema,
} from '@tentpole/domain';
import { and, eq } from 'drizzle-orm';
import { accounts } from '../../auth/tables.js';
import type { Db } from '../../db/client.js';
import { readJson } from '../../http/read-body.js';
import type { RouteDef } from '../../http/route-table.js';
import type { JobWorker } from '../../jobs/job-queue.js';
import { logger } from '../../logging/logger.js';
import { findCustomer } from '../customers/queries.js';
import { callerCardOrders } from '../orders/queries.js';
import { scheduleOf } from '../schedule/queries.js';
import { storeSettingsOf } from '../store/queries.js';
import { missedCallTextBacks, textBackSettings } from './tables.js';
import { queueAutomatedText } from './texts/queries.js';

const settingsFields = {
  enabled: textBackSettings.enabled,
  newCaller: textBackSettings.newCaller,
  knownCaller: textBackSettings.knownCaller,
  afterHours: textBackSettings.afterHours,
};

/** The account's text-back settings; no row: off, with the shipped templates. */
export async function textBackSettingsOf(db: Db, accountId: string): Promise<TextBackSettings> {
  const [row] = await db
    .select(settingsFields)
    .from(textBackSettings)
    .where(eq(textBackSettings.accountId, accountId));
  return row ?? DEFAULT_TEXT_BACK_SETTINGS;
}

/** Issue 24 item 4: read with the Settings area's account.read, saved with account.write. */
export function textBackRoutes(db: Db): RouteDef[] {
  return [
    {
      method: 'GET',
      path: '/api/phone/text-back',
      access: { permission: 'account.read' },
      summary: 'Missed-call text-back: on or off, and the text for each case.',
      tag: 'Reach',
      response: textBackSettingsSchema,
      async handler(c) {
        return c.json(await textBackSettingsOf(db, c.get('user').accountId));
      },
    },
    {
      method: 'PUT',
      path: '/api/phone/text-back',
      access: { permission: 'account.write' },
      summary: 'Save the missed-call text-back settings.',
      tag: 'Reach',
      request: textBackSettingsSchema,
      response: textBackSettingsSchema,
      async handler(c) {
        const input = await readJson(c, textBackSettingsSchema);
        const user = c.get('user');
        const values = { ...input, updatedBy: user.id, updatedAt: new Date() };
        await db
          .insert(textBackSettings)
          .values({ accountId: user.accountId, ...values })
          .onConflictDoUpdate({ target: textBackSettings.accountId, set: values });
        return c.json(await textBackSettingsOf(db, user.accountId));
      },
    },
  ];
}

type EndedCall = {
  accountId: string;
  callSid: string;
  direction: 'inbound' | 'outbound';
  counterpartNumber: string;
  customerId: string | null;
  answeredAt: Date | null;
  status: string;
};

export type TextBackOutcome =
  | { sent: false; reason: string }
  | { sent: true; kind: string; messageId: string };

const MISSED_STATUSES = ['completed', 'busy', 'failed', 'no-answer', 'canceled'];

/**
 * A call ended: when nobody took it (missed, or it went to voicemail) and the account has
 * text-back on, the caller gets one text, at most once per local day of the account. The day's
 * claim row and the text (with its send job) are written in one transaction, so two instances,
 * or a status callback delivered twice at once, queue one text between them.
 */
export async function textBackAfterCall(
  db: Db,
  call: EndedCall,
  { appUrl, now, worker }: { appUrl: string; now: Date; worker?: Pick<JobWorker, 'kick'> },
): Promise<TextBackOutcome> {
  if (call.direction !== 'inbound' || call.answeredAt || !MISSED_STATUSES.includes(call.status))
    return { sent: false, reason: 'answered, or not an inbound call' };
  const settings = await textBackSettingsOf(db, call.accountId);
  if (!settings.enabled) return { sent: false, reason: 'text-back is off' };
  const schedule = await scheduleOf(db, call.accountId);
  const timeZone = schedule.timeZone;
  const today = localDate(now, timeZone);
  const [claimed] = await db
    .select({ id: missedCallTextBacks.id })
    .from(missedCallTextBacks)
    .where(
      and(
        eq(missedCallTextBacks.accountId, call.accountId),
        eq(missedCallTextBacks.phoneNumber, call.counterpartNumber),
        eq(missedCallTextBacks.localDay, today),
      ),
    );
  // Cheap early answer for the common repeat; the unique claim below is what decides.
  if (claimed) return { sent: false, reason: 'already texted today' };

  const [account] = await db
    .select({ name: accounts.name, settings: accounts.settings })
    .from(accounts)
    .where(eq(accounts.id, call.accountId));
  const businessName = account?.name ?? '';
  // The store's own address when the account has set one up (§10); its name's slug otherwise.
  const store = await storeSettingsOf(db, call.accountId);
  const values: Partial<TextBackValues> = {
    'business.name': businessName,
    'store.link': `${appUrl.replace(/\/$/, '')}/s/${store?.slug ?? accountSlug(businessName)}`,
  };
  let hasUpcomingOrder = false;
  const customer = call.customerId ? await findCustomer(db, call.accountId, call.customerId) : null;
  if (customer) {
    const { order } = await callerCardOrders(db, call.accountId, customer.id, today);
    if (order && localDate(new Date(order.eventStart), timeZone) >= today) {
      hasUpcomingOrder = true;
      const locale = resolveLocale((account?.settings as { locale?: unknown } | null)?.locale);
      const day = dateTimeFormat(locale, {
        timeZone,
        weekday: 'long',
        month: 'long',
        day: 'numeric',
      });
      const time = dateTimeFormat(locale, {
        timeZone,
        hour: 'numeric',
        minute: '2-digit',
      });
      Object.assign(values, {
        'customer.firstName': customer.firstName,
        'order.number': String(order.number),
        'order.eventDate': day.format(new Date(order.eventStart)),
        'order.items': order.items
          .map((i) => (i.quantity > 1 ? `${i.quantity} × ${i.description}` : i.description))
          .join(', '),
        'order.deliveryWindow': order.deliveryWindow
          ? `${time.format(new Date(order.deliveryWindow.start))} – ${time.format(new Date(order.deliveryWindow.end))}`
          : '',
      });
    }
  }
  const kind = textBackCase({
    withinHours: isWithinHours(schedule.businessHours, now, timeZone),
    hasUpcomingOrder,
  });
  const body = renderTextBack(settings[kind], values);

  const outcome = await db.transaction(async (transaction): Promise<TextBackOutcome> => {
    const tx = transaction as unknown as Db;
    const [claim] = await tx
      .insert(missedCallTextBacks)
      .values({
        accountId: call.accountId,
        phoneNumber: call.counterpartNumber,
        localDay: today,
        callSid: call.callSid,
        kind,
      })
      .onConflictDoNothing({
        target: [
          missedCallTextBacks.accountId,
          missedCallTextBacks.phoneNumber,
          missedCallTextBacks.localDay,
        ],
      })
      .returning({ id: missedCallTextBacks.id });
    if (!claim) return { sent: false, reason: 'already texted today' };
    // Honours STOP (and a number without texting): the claim stays, with the reason.
    const queued = await queueAutomatedText(tx, call.accountId, call.counterpartNumber, body, {
      marketing: false,
      now,
    });
    await tx
      .update(missedCallTextBacks)
      .set(queued.sent ? { messageId: queued.messageId } : { skippedReason: queued.reason })
      .where(eq(missedCallTextBacks.id, claim.id));
    return queued.sent
      ? { sent: true, kind, messageId: queued.messageId }
      : { sent: false, reason: queued.reason };
  });
  if (outcome.sent) worker?.kick();
  else if (outcome.reason !== 'already texted today')
    logger.info({ callSid: call.callSid, reason: outcome.reason }, 'missed-call text-back skipped');
  return outcome;
}
