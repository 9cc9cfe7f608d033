import {
  STORE_COLOUR_DEFAULT,
  STORE_FONT_DEFAULT,
  type StoreCheckoutMode,
  type StoreFont,
  type StoreSettings,
} from '@tentpole/domain';
import { and, eq, ne } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { AppError } from '../../http/app-error.js';
import { storeSettings } from './tables.js';

/** Paths under /s/ the app uses itself: no store may take them. */
const RESERVED = new Set(['assets']);

/**
 * Saves the account's store settings; a slug another store has is the slug field's error.
 * Colour, font and checkout mode left out keep what the store has (a new store: the defaults).
 */
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
  const given = {
    ...(input.colour ? { colour: input.colour } : {}),
    ...(input.font ? { font: input.font } : {}),
    ...(input.checkoutMode ? { checkoutMode: input.checkoutMode } : {}),
  };
  const values = {
    slug: input.slug,
    holdMinutes: input.holdMinutes,
    ...given,
    updatedAt: new Date(),
  };
  let saved: { colour: string; font: string; checkoutMode: string } | undefined;
  try {
    [saved] = await db
      .insert(storeSettings)
      .values({
        accountId,
        colour: STORE_COLOUR_DEFAULT,
        font: STORE_FONT_DEFAULT,
        checkoutMode: 'both',
        ...values,
      })
      .onConflictDoUpdate({ target: storeSettings.accountId, set: values })
      .returning({
        colour: storeSettings.colour,
        font: storeSettings.font,
        checkoutMode: storeSettings.checkoutMode,
      });
  } catch (error) {
    // Two stores asking for one address at once: the unique index says no to the second.
    if (String((error as { code?: string }).code) === '23505') throw invalid();
    throw error;
  }
  return {
    slug: values.slug,
    holdMinutes: values.holdMinutes,
    colour: saved?.colour ?? STORE_COLOUR_DEFAULT,
    font: (saved?.font ?? STORE_FONT_DEFAULT) as StoreFont,
    checkoutMode: (saved?.checkoutMode ?? 'both') as StoreCheckoutMode,
  };
}
