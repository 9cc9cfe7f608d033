import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { enqueue } from '../../jobs/job-queue.js';
import { defineJob, type JobDeps } from '../feature.js';
import { textAbandonedCartReminders } from './cart-reminder.js';
import { textBookingConfirmations } from './confirmation-text.js';
import { markAbandonedCarts } from './queries.js';

export const JOB_ABANDONED_CARTS = 'abandoned-carts';
export const JOB_BOOKING_TEXTS = 'store-booking-texts';
export const JOB_CART_REMINDERS = 'store-cart-reminders';
const MINUTE_MS = 60_000;

/**
 * §10: a cart's stock is released by its expiry alone (availability ignores a hold past
 * `hold_expires_at`, as it does an order's); this sweep only writes down when the shopper left.
 */
export function storeJobs({ db, appUrl }: JobDeps) {
  return [
    defineJob({
      kind: JOB_ABANDONED_CARTS,
      payload: z.object({}),
      async run() {
        await markAbandonedCarts(db, new Date());
      },
    }),
    // §10: the booking's confirmation text, for a shopper who never came back to the
    // confirmation page (the payment's webhook booked the order).
    defineJob({
      kind: JOB_BOOKING_TEXTS,
      payload: z.object({}),
      async run() {
        await textBookingConfirmations(db, new Date(), appUrl);
      },
    }),
    // §10: the abandoned-cart reminder, for a shopper who agreed to texts (decision 0049).
    defineJob({
      kind: JOB_CART_REMINDERS,
      payload: z.object({}),
      async run() {
        await textAbandonedCartReminders(db, new Date(), appUrl);
      },
    }),
  ];
}

/** Every instance asks each minute; the minute's dedupe key makes it one sweep. */
export function storeSchedules(db: Db) {
  return [
    ...[JOB_ABANDONED_CARTS, JOB_BOOKING_TEXTS, JOB_CART_REMINDERS].map((kind) => ({
      everyMs: MINUTE_MS,
      run: (now: Date) => enqueue(db, kind, {}, `${kind}:${now.toISOString().slice(0, 16)}`),
    })),
  ];
}
