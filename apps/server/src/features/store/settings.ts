import type { StoreSettings } from '@tentpole/domain';
import { and, eq, ne } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { AppError } from '../../http/app-error.js';
import { storeSettings } from './tables.js';

/** Paths under /s/ the app uses itself: no store may take them. */
const RESERVED = new Set(['assets']);

/** Saves the account's store settings; a slug another store has is the slug field's error. */
export async function saveStoreSettings(db: Db, accountId: string, input: StoreSettings) {
  const invalid = () =>
    new AppError('validation_failed', 'Some fields are not valid.', {
      slug: ['Another store has this address'],
    });
  if (RESERVED.has(input.slug)) throw invalid();
  const [taken] = await db
    .select({ accountId: storeSettings.accountId })
    .from(storeSettings)
    .where(and(eq(storeSettings.slug, input.slug), ne(storeSettings.accountId, accountId)));
  if (taken) throw invalid();
  const values = {
    slug: input.slug,
    holdMinutes: input.holdMinutes,
    colour: input.colour,
    updatedAt: new Date(),
  };
  try {
    await db
      .insert(storeSettings)
      .values({ accountId, ...values })
      .onConflictDoUpdate({ target: storeSettings.accountId, set: values });
  } catch (error) {
    // Two stores asking for one address at once: the unique index says no to the second.
    if (String((error as { code?: string }).code) === '23505') throw invalid();
    throw error;
  }
  return { slug: values.slug, holdMinutes: values.holdMinutes, colour: values.colour };
}
