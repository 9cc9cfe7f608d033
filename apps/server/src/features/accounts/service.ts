import type { Db } from '../../db/client.js';
import { hit, type Limit } from '../../http/rate-limit.js';
import { createTeam } from './queries.js';

/** Accounts a user may start in a day: a business starts one or two, a script hundreds. */
export const ACCOUNTS_PER_DAY: Limit = {
  name: 'accounts-per-user-day',
  max: 5,
  windowMs: 86_400_000,
  message: 'You have started enough accounts for today. Please try again tomorrow.',
};

/** 'Add team': a new account the user holds, within the day's limit. */
export async function startAccount(db: Db, userId: string, name: string, now: Date) {
  await hit(db, ACCOUNTS_PER_DAY, userId, now);
  return createTeam(db, userId, name, now);
}
