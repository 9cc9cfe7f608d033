import { localDate } from '@tentpole/domain';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { enqueue } from '../../jobs/job-queue.js';
import { logger } from '../../logging/logger.js';
import { deliveryServices } from '../delivery/queries.js';
import { defineJob, type JobDeps } from '../feature.js';
import { accountsWithDeliveriesBetween } from '../orders/weather-orders/queries.js';
import { JOB_NUMBERED_REPLY } from '../phone/texts/queries.js';
import { createForecasts } from './forecast.js';
import { applyWeatherReply, checkWeather, LOOKAHEAD_HOURS } from './service.js';

export const JOB_WEATHER_CHECK = 'weather-check';

/**
 * The scheduled checks, in the account's timezone: each morning (6 am, before the crews load)
 * and each evening (8 pm, for the night's calls). A slot is asked for during its first two
 * hours, so an instance that was down at 6 still checks by 8, and never at midnight for a
 * morning long past.
 */
export const WEATHER_SLOTS = [
  { name: 'morning', fromHour: 6 },
  { name: 'evening', fromHour: 20 },
] as const;
const SLOT_HOURS = 2;
const TEN_MINUTES_MS = 10 * 60_000;

const localHour = (now: Date, timeZone: string) =>
  Number(
    new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', hourCycle: 'h23' }).format(now),
  );

/** The slot an account's local time is in (null: none), and its dedupe key. */
export function weatherSlot(accountId: string, now: Date, timeZone: string) {
  const hour = localHour(now, timeZone);
  const slot = WEATHER_SLOTS.find((s) => hour >= s.fromHour && hour < s.fromHour + SLOT_HOURS);
  return slot ? `${JOB_WEATHER_CHECK}:${accountId}:${localDate(now, timeZone)}:${slot.name}` : null;
}

const zoneOr = (timeZone: string | null) => {
  try {
    if (timeZone) new Intl.DateTimeFormat('en-US', { timeZone });
    return timeZone ?? 'UTC';
  } catch {
    return 'UTC';
  }
};

/** Queues each account's check once per slot (the dedupe key), whichever instance asks first. */
export async function queueWeatherChecks(db: Db, now: Date) {
  const accounts = await accountsWithDeliveriesBetween(
    db,
    now,
    new Date(now.getTime() + LOOKAHEAD_HOURS * 3_600_000),
  );
  for (const { accountId, timeZone } of accounts) {
    const key = weatherSlot(accountId, now, zoneOr(timeZone));
    if (key) await enqueue(db, JOB_WEATHER_CHECK, { accountId }, key);
  }
}

export function weatherJobs({ db, weatherUrl }: JobDeps) {
  const forecasts = weatherUrl ? createForecasts(weatherUrl) : null;
  return [
    defineJob({
      kind: JOB_WEATHER_CHECK,
      payload: z.object({ accountId: z.uuid() }),
      async run({ accountId }) {
        if (!forecasts) {
          logger.warn({ accountId }, 'Weather: no forecast server (WEATHER_URL); check skipped');
          return;
        }
        await checkWeather(
          db,
          accountId,
          { forecasts, geocoder: deliveryServices().geocoder },
          new Date(),
        );
      },
    }),
    // A customer's "1", "2" or "3" (Reach queues it with the text): applied once.
    defineJob({
      kind: JOB_NUMBERED_REPLY,
      payload: z.object({
        accountId: z.uuid(),
        messageId: z.uuid(),
        phoneNumber: z.string().min(1),
        body: z.string(),
      }),
      async run(reply) {
        await applyWeatherReply(db, reply, new Date());
      },
    }),
  ];
}

export function weatherSchedules(db: Db) {
  return [{ everyMs: TEN_MINUTES_MS, run: (now: Date) => queueWeatherChecks(db, now) }];
}
