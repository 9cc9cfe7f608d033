import {
  ALREADY_HAS_NUMBER_MESSAGE,
  CONFIRM_EMAIL_FOR_NUMBER_MESSAGE,
  NUMBER_TAKEN_MESSAGE,
} from '@tentpole/domain';
import { and, eq, isNull, lt } from 'drizzle-orm';
import { accounts } from '../../auth/tables.js';
import type { Db } from '../../db/client.js';
import { AppError } from '../../http/app-error.js';
import { logger } from '../../logging/logger.js';
import type { TwilioClient } from '../../telephony/twilio-client.js';
import { isEmailVerified } from '../signup/queries.js';
import { buyNumber, createBrowserCallsApp } from './provisioning.js';
import { phoneServices } from './tables.js';

/**
 * How long a reservation is a purchase still under way: the carrier's two calls (buy, then make
 * the browser-calls app) each give up after CARRIER_TIMEOUT_MS (15 s). One older than this was
 * left by a crash, and the next "Get this number" takes it over.
 */
export const PURCHASE_GRACE_MS = 2 * 60_000;

// Twilio's "PhoneNumber ... is not available": someone bought it since the search.
const NUMBER_UNAVAILABLE = 21422;
const isNumberTaken = (error: unknown) =>
  (error as { code?: number } | null)?.code === NUMBER_UNAVAILABLE;

/**
 * Decision 0066: buys the number the business chose and makes it its Reach number.
 *
 * The account's phone_services row is reserved first (not enabled, no number yet): whoever
 * inserts it buys, every other request at the same moment finds it and gets a 409, so one
 * account never pays for two numbers. The reservation is not enabled, so no instance's startup
 * reconcile (which buys for enabled rows without a number, as the seed's) buys beside it; it is
 * enabled with the number. A reservation a crash left behind (older than PURCHASE_GRACE_MS) is
 * taken over by the next request, one taker winning (its time is compared and set). Texts stay
 * unregistered (messaging status null) until A2P registration decides; calls work at once. A
 * number costs money, so the buyer must have proved their e-mail address first (decision 0065).
 */
export async function connectNumber(
  { db, twilio, appUrl }: { db: Db; twilio: TwilioClient; appUrl: string },
  { accountId, userId }: { accountId: string; userId: string },
  phoneNumber: string,
  now = new Date(),
) {
  if (!(await isEmailVerified(db, userId))) {
    throw new AppError('forbidden', CONFIRM_EMAIL_FOR_NUMBER_MESSAGE);
  }
  const reservation = and(
    eq(phoneServices.accountId, accountId),
    isNull(phoneServices.phoneNumber),
    eq(phoneServices.enabled, false),
  );
  const [reserved] = await db
    .insert(phoneServices)
    .values({ accountId, enabled: false, createdAt: now })
    .onConflictDoNothing({ target: phoneServices.accountId })
    .returning({ accountId: phoneServices.accountId });
  const [takenOver] = reserved
    ? [reserved]
    : await db
        .update(phoneServices)
        .set({ createdAt: now })
        .where(
          and(
            reservation,
            lt(phoneServices.createdAt, new Date(now.getTime() - PURCHASE_GRACE_MS)),
          ),
        )
        .returning({ accountId: phoneServices.accountId });
  if (!takenOver) throw new AppError('conflict', ALREADY_HAS_NUMBER_MESSAGE);

  const release = () => db.delete(phoneServices).where(reservation);
  const [account] = await db
    .select({ name: accounts.name })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  let number: Awaited<ReturnType<typeof buyNumber>>;
  try {
    number = await buyNumber(twilio, appUrl, { phoneNumber, accountName: account?.name ?? '' });
  } catch (error) {
    await release();
    if (isNumberTaken(error)) {
      throw new AppError('conflict', NUMBER_TAKEN_MESSAGE, { phoneNumber: [NUMBER_TAKEN_MESSAGE] });
    }
    logger.warn({ err: error }, 'connect a number: the carrier did not sell the number');
    throw new AppError(
      'unavailable',
      'The phone carrier could not be reached. Try again in a minute.',
    );
  }
  await db
    .update(phoneServices)
    .set({ phoneNumber: number.phoneNumber, numberSid: number.sid, enabled: true })
    .where(eq(phoneServices.accountId, accountId));

  // The number is the business's now; without the browser-calls app only the browser's
  // outgoing calls wait, and the startup reconcile makes it.
  try {
    const app = await createBrowserCallsApp(twilio, appUrl, account?.name ?? '');
    await db
      .update(phoneServices)
      .set({ twimlAppSid: app.sid })
      .where(eq(phoneServices.accountId, accountId));
  } catch (error) {
    logger.warn({ err: error }, 'connect a number: the browser-calls app was not made');
  }
  return { phoneNumber: number.phoneNumber, messagingStatus: null };
}
