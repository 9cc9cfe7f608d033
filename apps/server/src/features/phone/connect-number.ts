import {
  ALREADY_HAS_NUMBER_MESSAGE,
  CONFIRM_EMAIL_FOR_NUMBER_MESSAGE,
  NUMBER_TAKEN_MESSAGE,
} from '@tentpole/domain';
import { and, eq, isNull } from 'drizzle-orm';
import { accounts } from '../../auth/tables.js';
import type { Db } from '../../db/client.js';
import { AppError } from '../../http/app-error.js';
import { logger } from '../../logging/logger.js';
import type { TwilioClient } from '../../telephony/twilio-client.js';
import { isEmailVerified } from '../signup/queries.js';
import { buyNumber, createBrowserCallsApp } from './provisioning.js';
import { phoneServices } from './tables.js';

// Twilio's "PhoneNumber ... is not available": someone bought it since the search.
const NUMBER_UNAVAILABLE = 21422;
const isNumberTaken = (error: unknown) =>
  (error as { code?: number } | null)?.code === NUMBER_UNAVAILABLE;

/**
 * Decision 0066: buys the number the business chose and makes it its Reach number.
 *
 * The account's phone_services row is reserved first (enabled, no number yet): whoever inserts
 * it buys, every other request at the same moment finds it and gets a 409, so one account never
 * pays for two numbers. A crash after the reservation is healed by the startup reconcile,
 * which buys a number for any enabled row without one. Texts stay unregistered (messaging
 * status null) until A2P registration decides; calls work at once. A number costs money, so
 * the buyer must have proved their e-mail address first (decision 0065).
 */
export async function connectNumber(
  { db, twilio, appUrl }: { db: Db; twilio: TwilioClient; appUrl: string },
  { accountId, userId }: { accountId: string; userId: string },
  phoneNumber: string,
) {
  if (!(await isEmailVerified(db, userId))) {
    throw new AppError('forbidden', CONFIRM_EMAIL_FOR_NUMBER_MESSAGE);
  }
  const [reserved] = await db
    .insert(phoneServices)
    .values({ accountId, enabled: true })
    .onConflictDoNothing({ target: phoneServices.accountId })
    .returning({ accountId: phoneServices.accountId });
  if (!reserved) throw new AppError('conflict', ALREADY_HAS_NUMBER_MESSAGE);

  const release = () =>
    db
      .delete(phoneServices)
      .where(and(eq(phoneServices.accountId, accountId), isNull(phoneServices.phoneNumber)));
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
    .set({ phoneNumber: number.phoneNumber, numberSid: number.sid })
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
