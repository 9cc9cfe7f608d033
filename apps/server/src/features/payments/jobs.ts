import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { enqueue } from '../../jobs/job-queue.js';
import { defineJob, type JobDeps } from '../feature.js';
import { chargeDueBalances, placeDueHolds, reconcileHolds } from './card-on-file.js';
import { reconcilePayLinks } from './card-payments.js';

export const JOB_RECONCILE_PAY_LINKS = 'reconcile-pay-links';
export const JOB_CHARGE_CARDS = 'charge-cards-on-file';
const CARDS_EVERY_MS = 15 * 60_000;
const EVERY_MS = 5 * 60_000;

/**
 * §6: nothing paid is lost if a webhook never arrives (the app was down past Stripe's retries,
 * or crashed between the charge and recording it): every open pay link is asked about at
 * start and every five minutes, once per period whichever instance asks.
 */
export function paymentJobs({ db, payments, appUrl }: JobDeps) {
  if (!payments) return [];
  return [
    defineJob({
      kind: JOB_RECONCILE_PAY_LINKS,
      payload: z.object({}),
      async run() {
        await reconcilePayLinks(db, payments.stripe, new Date());
      },
    }),
    defineJob({
      kind: JOB_CHARGE_CARDS,
      payload: z.object({}),
      async run() {
        // Autopay of balances, then security deposit holds, for events now close enough.
        await chargeDueBalances(db, payments.stripe, new Date(), appUrl);
        await placeDueHolds(db, payments.stripe, new Date());
        await reconcileHolds(db, payments.stripe, new Date());
      },
    }),
  ];
}

export function paymentSchedules(db: Db) {
  return [
    {
      everyMs: EVERY_MS,
      run: (now: Date) => {
        const period = Math.floor(now.getTime() / EVERY_MS);
        return enqueue(db, JOB_RECONCILE_PAY_LINKS, {}, `${JOB_RECONCILE_PAY_LINKS}:${period}`);
      },
    },
    {
      everyMs: CARDS_EVERY_MS,
      run: (now: Date) => {
        const period = Math.floor(now.getTime() / CARDS_EVERY_MS);
        return enqueue(db, JOB_CHARGE_CARDS, {}, `${JOB_CHARGE_CARDS}:${period}`);
      },
    },
  ];
}
